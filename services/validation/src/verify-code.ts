import type { Knex } from 'knex';
import type { RecipientPayload } from '@signet/contracts';
import { AppError, type RequestContext } from '@signet/http';
import { codeMatches } from './codes/code-hash';
import { dropDeliveries } from './drop-deliveries';
import type { CodeRow, ValidationChannel } from './model';
import type { RecipientFacts } from './recipient-facts';
import type { ChannelKey } from './store/code-store';
import { assertValidationApplies } from './validation-applies';
import type { ValidationDeps } from './validation-deps';
import { ValidationEventType, writeValidationEvent } from './validation-events';

type Verdict = { verified: true; at: Date } | { verified: false; error: AppError };

/** One message per kind of refusal, whatever the guess: nothing tells how close it came. */
function refuse(problem: string): Verdict {
  return { verified: false, error: new AppError('VALIDATION_FAILED', `The code ${problem}`, [{ field: 'code', message: problem }]) };
}

const EXPIRED = 'has expired: request a new code';

const noPendingCode = () => new AppError('NOT_FOUND', 'No pending validation code for this recipient: send one with send_code');

/** A code that verify_code still answers about (expired and exhausted ones get their own 422). */
function isPending(code: CodeRow | null): code is CodeRow {
  return code !== null && code.status !== 'VERIFIED' && code.status !== 'SUPERSEDED';
}
const EXHAUSTED = 'failed 3 times and no longer works: request a new code';

async function judge(deps: ValidationDeps, trx: Knex.Transaction, key: ChannelKey, guess: string, recipient: RecipientPayload, requestId: string, now: Date): Promise<Verdict> {
  const code = await deps.codes.latest(trx, key);
  if (!isPending(code)) return { verified: false, error: noPendingCode() };
  if (code.status === 'EXHAUSTED') return refuse(EXHAUSTED);
  if (code.status === 'EXPIRED') return refuse(EXPIRED);

  const record = async (changes: Partial<CodeRow>, ...events: ValidationEventType[]) => {
    await deps.codes.update(trx, code.id, { ...changes, updated_at: now });
    for (const event of events) await writeValidationEvent(trx, event, { ...code, ...changes, updated_at: now }, recipient, requestId, now);
  };
  if (code.expires_at <= now) {
    await record({ status: 'EXPIRED' }, 'recipient.validation_code_expired');
    await dropDeliveries(deps, trx, code.id, now);
    return refuse(EXPIRED);
  }
  if (codeMatches(deps.keys.codeHash, code.id, guess, code.code_hash)) {
    await record({ status: 'VERIFIED', verified_at: now }, 'recipient.validation_code_success');
    await deps.codes.markVerified(trx, key, now);
    return { verified: true, at: now };
  }
  const attemptsLeft = code.attempts_left - 1;
  if (attemptsLeft > 0) {
    await record({ attempts_left: attemptsLeft }, 'recipient.validation_code_failed');
    return refuse(`is not correct: ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`);
  }
  await record({ attempts_left: 0, status: 'EXHAUSTED' }, 'recipient.validation_code_failed', 'recipient.validation_max_attempts');
  await dropDeliveries(deps, trx, code.id, now);
  return refuse('is not correct, and after 3 failed attempts it no longer works: request a new code');
}

export interface VerifyCodeInput {
  context: RequestContext;
  /** The recipient, as the envelope part gives it. */
  facts: RecipientFacts;
  channel: ValidationChannel;
  code: string;
}

/**
 * Checks the recipient's newest code on the channel and answers when it was verified. A wrong guess is
 * counted even though the answer is an error, so the verdict commits before it is told.
 */
export async function verifyCode(deps: ValidationDeps, { context, facts, channel, code }: VerifyCodeInput): Promise<{ verifiedAt: Date }> {
  const key: ChannelKey = { tenant_id: context.tenantId, envelope_id: facts.envelope.id, recipient_id: facts.recipient.id, channel };
  try {
    assertValidationApplies(facts, channel);
  } catch (error) {
    // verify_code with no pending code is 404, whatever the envelope's state; a code that is
    // pending in an envelope that no longer takes codes (voided since) is the state's 409.
    if (isPending(await deps.codes.latest(deps.db, key))) throw error;
    throw noPendingCode();
  }
  const now = deps.clock();
  const verdict = await deps.db.transaction(async (trx) => {
    await deps.codes.lockRecipient(trx, key, now);
    return judge(deps, trx, key, code, facts.recipient, context.requestId, now);
  });
  deps.committed();
  if (!verdict.verified) throw verdict.error;
  return { verifiedAt: verdict.at };
}
