import { UPLOAD_STATUSES, UploadStatus } from '@signet/contracts';
import { type RequestContext, validationError } from '@signet/http';
import type { UploadRow } from './model';
import type { UploadDeps } from './upload-deps';

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
export async function listUploads(deps: UploadDeps, { context, envelopeId, status }: { context: RequestContext; envelopeId: string; status: unknown }): Promise<UploadRow[]> {
  const statuses = parseStatusFilter(status);
  const envelope = await deps.envelopes.summary(context, envelopeId);
  await deps.store.expireOverdue(context.tenantId, envelope.id, deps.clock());
  return deps.store.list(context.tenantId, envelope.id, statuses);
}
