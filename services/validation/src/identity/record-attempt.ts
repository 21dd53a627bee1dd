import { v7 as uuidv7 } from 'uuid';
import type { IdentityCheckName, IdentityCheckStatus, RecipientPayload } from '@signet/contracts';
import type { DocumentSummary, EngineVersions, ReasonCode, SubCheck } from '@signet/identity';
import type { RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';
import type { AttemptImage, IdentityAttemptRow, IdentityCheckRow, ImageRole } from './identity-model';
import { DAY_MS, freshCheck } from './identity-settings';

/** A verifier's verdict on one attempt, whoever computed it. */
export interface Verdict {
  passed: boolean;
  reasons: ReasonCode[];
  subchecks: SubCheck[];
  versions: EngineVersions;
  document: DocumentSummary | null;
}

export interface AttemptInput {
  context: RequestContext;
  facts: RecipientFacts;
  check: IdentityCheckName;
  images: Array<{ role: ImageRole; bytes: Buffer }>;
  ip: string | null;
  userAgent: string | null;
}

/** What recording an attempt needs of its request: its images, the recipient as now, and who sent it. */
export interface RecordedAttempt {
  images: Array<{ role: ImageRole; bytes: Buffer }>;
  /** The recipient as the envelope part gave it with the request; null for a provider's webhook (the check keeps the last). */
  recipient: RecipientPayload | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The request's attempt as recordAttempt takes it. */
export const recorded = (input: AttemptInput): RecordedAttempt => ({
  images: input.images, recipient: input.facts.recipient, requestId: input.context.requestId, ip: input.ip, userAgent: input.userAgent
});

/** An attempt under way: its id, where its images go, and the check it is on. */
export interface OpenedAttempt {
  id: string;
  images: AttemptImage[];
  check: IdentityCheckRow;
}

const blobPrefix = (check: IdentityCheckRow, attemptId: string) =>
  `identity/${check.tenant_id}/${check.envelope_id}/${check.recipient_id}/${attemptId}`;

/**
 * Before any image is looked at: the check must accept an attempt (not PASSED, not LOCKED), and the
 * erasure of this attempt's images is queued, retention_days ahead, in a committed transaction. Whatever
 * happens next (a crash between storing and recording, a verdict never recorded), no image outlives its
 * retention.
 */
export async function openAttempt(deps: IdentityDeps, input: AttemptInput): Promise<OpenedAttempt> {
  const now = deps.clock();
  const id = uuidv7();
  return deps.db.transaction(async (trx) => {
    const check = await deps.identity.lockCheck(trx, freshCheck(input.facts, input.check, input.context.tenantId, now));
    identityCheckMachine.next(check.status, 'start');
    const images = input.images.map((image) => deps.vault.describe(blobPrefix(check, id), image.role, image.bytes));
    const blobKeys = images.map((image) => image.blob_key as string);
    if (blobKeys.length > 0) await deps.jobs.queuePurge(trx, { attemptId: id, checkId: check.id, blobKeys }, new Date(now.getTime() + check.retention_days * DAY_MS));
    return { id, images, check };
  });
}

/** The trigger an attempt's verdict pulls: a pass, a failure, or the last failure allowed. */
function outcomeTrigger(verdict: Verdict, check: IdentityCheckRow): 'pass' | 'fail' | 'lock' {
  if (verdict.passed) return 'pass';
  return check.attempts_used + 1 >= check.max_attempts ? 'lock' : 'fail';
}

/**
 * Stores the attempt's images (sealed) and records its verdict in one transaction with its events: the
 * check goes IN_PROGRESS (recipient.validation_<check>_started when it was not already), then PASSED,
 * FAILED or, on the last attempt allowed, LOCKED. Another request that decided the check meanwhile wins:
 * this one is refused (409) and its images are left to the queued purge.
 */
export async function recordAttempt(deps: IdentityDeps, input: RecordedAttempt, opened: OpenedAttempt, verdict: Verdict): Promise<IdentityCheckRow> {
  const recorded = await deps.db.transaction(async (trx) => {
    const now = deps.clock();
    const check = (await deps.identity.lockById(trx, opened.check.id)) as IdentityCheckRow;
    // Already recorded (a provider's event delivered again): nothing changes.
    if (await deps.identity.attempt(trx, opened.id)) return check;
    const started = identityCheckMachine.next(check.status, 'start');
    if (check.status !== 'IN_PROGRESS') await writeIdentityEvent(trx, { step: 'started', check: { ...check, status: started }, requestId: input.requestId, at: now });
    for (const image of input.images) {
      const described = opened.images.find((candidate) => candidate.role === image.role) as AttemptImage;
      await deps.vault.store(image.bytes, described.blob_key as string);
    }
    const trigger = outcomeTrigger(verdict, check);
    const status: IdentityCheckStatus = identityCheckMachine.next(started, trigger);
    const attempt: IdentityAttemptRow = {
      id: opened.id,
      check_id: check.id,
      number: await deps.identity.nextAttemptNumber(trx, check.id),
      outcome: verdict.passed ? 'PASSED' : 'FAILED',
      reasons: verdict.reasons,
      subchecks: verdict.subchecks,
      versions: verdict.versions,
      document: verdict.document,
      images: opened.images,
      ip_address: input.ip,
      user_agent: input.userAgent,
      created_at: now
    };
    await deps.identity.insertAttempt(trx, attempt);
    const decided = trigger === 'fail' ? null : now;
    const changes = {
      status,
      attempts_used: check.attempts_used + 1,
      decided_at: decided,
      challenge: null,
      attempt_expires_at: null,
      document: verdict.passed ? verdict.document : check.document,
      recipient: input.recipient ?? check.recipient,
      updated_at: now
    };
    await deps.identity.update(trx, check.id, changes);
    const after: IdentityCheckRow = { ...check, ...changes };
    const event = { check: after, attempt: { number: attempt.number, reasons: attempt.reasons }, requestId: input.requestId, at: now };
    await writeIdentityEvent(trx, { ...event, step: verdict.passed ? 'success' : 'failed' });
    if (trigger === 'lock') await writeIdentityEvent(trx, { ...event, step: 'locked' });
    return after;
  });
  deps.committed();
  return recorded;
}
