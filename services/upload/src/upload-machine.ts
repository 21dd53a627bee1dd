import type { UploadStatus } from '@signet/contracts';
import { AppError } from '@signet/http';
import { defineStateMachine, type Transitioned } from '@signet/service';
import type { UploadRow } from './model';

/**
 * What happens to an upload: `expire` (its URL's hour is over unused), `receive` (the PUT stored the
 * file), `refuse` (the file is over the size limit), `process` (a worker validates it; a stale worker's
 * upload is taken over), `postpone` (no PDF capacity: back to waiting), `complete` (a valid PDF), `fail`.
 */
export const UPLOAD_TRIGGERS = ['expire', 'receive', 'refuse', 'process', 'postpone', 'complete', 'fail'] as const;
export type UploadTrigger = (typeof UPLOAD_TRIGGERS)[number];

export function expiredUrl(upload: Pick<UploadRow, 'expires_at'>): AppError {
  return new AppError('FORBIDDEN', `This upload URL expired at ${upload.expires_at.toISOString()}; request a new one`);
}

function refusal(from: UploadStatus, trigger: UploadTrigger, upload: Pick<UploadRow, 'expires_at'>): AppError {
  if (trigger === 'receive' || trigger === 'refuse') return from === 'EXPIRED' ? expiredUrl(upload) : new AppError('FORBIDDEN', 'This upload URL has already been used');
  return new AppError('CONFLICT', `The upload is ${from}: it cannot ${trigger}`);
}

/** The upload's one transition table: every status change of an upload goes through it. */
export const UPLOAD_MACHINE = defineStateMachine<UploadStatus, UploadTrigger, Pick<UploadRow, 'expires_at'>>({
  aggregate: 'upload',
  states: ['PENDING', 'UPLOADED', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'],
  triggers: UPLOAD_TRIGGERS,
  transitions: {
    PENDING: { expire: 'EXPIRED', receive: 'UPLOADED', refuse: 'FAILED' },
    UPLOADED: { process: 'PROCESSING' },
    PROCESSING: { process: 'PROCESSING', postpone: 'UPLOADED', complete: 'COMPLETED', fail: 'FAILED' },
    COMPLETED: {},
    FAILED: {},
    EXPIRED: {}
  },
  refusal
});

/** Changes to an upload row: its status only as UPLOAD_MACHINE gives it. */
export type UploadChanges = Partial<Omit<UploadRow, 'status'>> & { status?: Transitioned<UploadStatus> };
