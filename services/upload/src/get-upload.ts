import type { Request, Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { UploadDeps } from './upload-deps';
import { uploadView } from './upload-view';

export function getUpload(deps: UploadDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const { tenantId } = requestContext(res);
    const envelopeId = String(req.params.envelope_id);
    await deps.store.expireOverdue(tenantId, envelopeId, deps.clock());
    const upload = await deps.store.find(tenantId, envelopeId, String(req.params.id));
    if (!upload) throw notFound('Upload');
    res.json({ upload: uploadView(upload) });
  };
}
