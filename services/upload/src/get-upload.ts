import { notFound, type RequestContext } from '@signet/http';
import type { UploadRow } from './model';
import type { UploadDeps } from './upload-deps';

/** GET /api/v1/envelopes/:envelope_id/uploads/:id: an overdue PENDING upload is EXPIRED by then. */
export async function getUpload(deps: UploadDeps, { context, envelopeId, uploadId }: { context: RequestContext; envelopeId: string; uploadId: string }): Promise<UploadRow> {
  await deps.store.expireOverdue(context.tenantId, envelopeId, deps.clock());
  const upload = await deps.store.find(context.tenantId, envelopeId, uploadId);
  if (!upload) throw notFound('Upload');
  return upload;
}
