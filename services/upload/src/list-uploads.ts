import type { Request, Response } from 'express';
import { UPLOAD_STATUSES, UploadStatus } from '@signet/contracts';
import { requestContext, validationError } from '@signet/http';
import type { UploadDeps } from './upload-deps';
import { uploadListItem } from './upload-view';

/** `?status=COMPLETED,FAILED`: one state or several, comma-separated, in any letter case. */
function parseStatusFilter(value: unknown): UploadStatus[] | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw validationError([{ field: 'status', message: 'must be a comma-separated list of upload states' }]);
  const names = value.split(',').map((name) => name.trim().toUpperCase()).filter(Boolean);
  const unknown = names.filter((name) => !(UPLOAD_STATUSES as readonly string[]).includes(name));
  if (unknown.length > 0) throw validationError([{ field: 'status', message: `unknown states ${unknown.join(', ')}; use ${UPLOAD_STATUSES.join(', ')}` }]);
  return names as UploadStatus[];
}

/** GET /api/v1/envelopes/:envelope_id/uploads[?status=...]: in order position, with `total`. */
export function listUploads(deps: UploadDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const statuses = parseStatusFilter(req.query.status);
    const context = requestContext(res);
    const envelope = await deps.envelopes.summary(context, String(req.params.envelope_id));
    await deps.store.expireOverdue(context.tenantId, envelope.id, deps.clock());
    const uploads = await deps.store.list(context.tenantId, envelope.id, statuses);
    res.json({ uploads: uploads.map(uploadListItem), total: uploads.length });
  };
}
