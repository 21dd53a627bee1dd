import type { Express } from 'express';
import { AppError, requestContext } from '@signet/http';
import { createUpload } from '../create-upload';
import { getUpload } from '../get-upload';
import { listUploads } from '../list-uploads';
import { receiveUpload } from '../receive-upload';
import type { UploadDeps } from '../upload-deps';
import { createdUploadView, uploadListItem, uploadView } from '../upload-view';

/** The upload API: adapters of the use cases. */
export function uploadRoutes(router: Express, deps: UploadDeps): void {
  router.post('/api/v1/envelopes/:envelope_id/uploads', async (req, res) => {
    if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the upload request as application/json');
    const created = await createUpload(deps, { context: requestContext(res), envelopeId: String(req.params.envelope_id), body: req.body });
    res.json({ success: true, upload: createdUploadView(created.upload, created.url) });
  });
  router.get('/api/v1/envelopes/:envelope_id/uploads', async (req, res) => {
    const uploads = await listUploads(deps, { context: requestContext(res), envelopeId: String(req.params.envelope_id), status: req.query.status });
    res.json({ uploads: uploads.map(uploadListItem), total: uploads.length });
  });
  router.get('/api/v1/envelopes/:envelope_id/uploads/:id', async (req, res) => {
    const upload = await getUpload(deps, { context: requestContext(res), envelopeId: String(req.params.envelope_id), uploadId: String(req.params.id) });
    res.json({ upload: uploadView(upload) });
  });
  router.put('/api/v1/uploads/:token', async (req, res) => {
    const upload = await receiveUpload(deps, {
      context: requestContext(res), token: String(req.params.token), contentType: req.headers['content-type'], contentLength: req.headers['content-length'], body: req
    });
    res.json({ success: true, upload_id: upload.id, status: 'UPLOADED', message: 'The file was received and is being validated' });
  });
}
