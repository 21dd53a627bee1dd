import type { IdentityApproveRequest, IdentityAssertionRequest, IdentityResetRequest } from '@signet/contracts';
import { AppError, type RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';
import type { IdentityCheckRow } from './identity-model';
import { checkSettings, freshCheck } from './identity-settings';

interface SenderInput<Request> {
  context: RequestContext;
  facts: RecipientFacts;
  request: Request;
}

/** A sender acts on a recipient who has not finished, on an envelope not yet ended. */
function assertRecipientOpen(facts: RecipientFacts): void {
  if (facts.envelope.status !== 'CREATED' && facts.envelope.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `The envelope is ${facts.envelope.status}: its identity checks are closed`);
  }
  if (facts.recipient.status !== 'PENDING' && facts.recipient.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `The recipient has finished with this envelope (${facts.recipient.status})`);
  }
}

async function changeCheck(
  deps: IdentityDeps,
  input: SenderInput<unknown>,
  check: IdentityCheckRow['check'],
  change: (row: IdentityCheckRow, now: Date) => Partial<IdentityCheckRow>,
  step: 'reset' | 'success'
): Promise<IdentityCheckRow> {
  const changed = await deps.db.transaction(async (trx) => {
    const now = deps.clock();
    const row = await deps.identity.lockCheck(trx, freshCheck(input.facts, check, input.context.tenantId, now));
    const changes = { ...change(row, now), recipient: input.facts.recipient, updated_at: now };
    await deps.identity.update(trx, row.id, changes);
    const after = { ...row, ...changes };
    await writeIdentityEvent(trx, { step, check: after, apiKeyId: input.context.apiKeyId, requestId: input.context.requestId, at: now });
    return after;
  });
  deps.committed();
  return changed;
}

/** The check's attempts start again, from PENDING: after a lock, or to let the signer try afresh. */
export function resetCheck(deps: IdentityDeps, input: SenderInput<IdentityResetRequest>): Promise<IdentityCheckRow> {
  assertRecipientOpen(input.facts);
  return changeCheck(deps, input, input.request.check, (row) => ({
    status: identityCheckMachine.next(row.status, 'reset'),
    attempts_used: 0,
    decided_at: null,
    challenge: null,
    attempt_expires_at: null,
    max_attempts: checkSettings(input.facts, row.check).max_attempts
  }), 'reset');
}

/** A sender passes the check by hand, with a reason: recorded with the key that did it. */
export function approveCheck(deps: IdentityDeps, input: SenderInput<IdentityApproveRequest>): Promise<IdentityCheckRow> {
  assertRecipientOpen(input.facts);
  if (!checkSettings(input.facts, input.request.check).enabled) throw new AppError('CONFLICT', `settings.validations.${input.request.check} is not enabled for this envelope`);
  return changeCheck(deps, input, input.request.check, (row, now) => ({
    status: identityCheckMachine.next(row.status, 'approve'),
    method: 'manual',
    decided_at: now,
    challenge: null,
    attempt_expires_at: null,
    manual: { api_key_id: input.context.apiKeyId, reason: input.request.reason }
  }), 'success');
}

/**
 * The integrator verified the person itself (its own KYC, another provider) and says so before sending:
 * the ID check is recorded as passed by assertion, with provider, reference, level and time as given.
 */
export function assertIdentity(deps: IdentityDeps, input: SenderInput<IdentityAssertionRequest>): Promise<IdentityCheckRow> {
  if (input.facts.envelope.status !== 'CREATED') throw new AppError('CONFLICT', `An identity assertion is made before the envelope is sent (this one is ${input.facts.envelope.status})`);
  const { provider, reference, level, verified_at: verifiedAt } = input.request;
  return changeCheck(deps, input, 'id_check', (row, now) => ({
    status: identityCheckMachine.next(row.status, 'assert'),
    method: 'assertion',
    decided_at: now,
    provider_reference: reference,
    assertion: { provider, reference, level, verified_at: new Date(verifiedAt).toISOString(), api_key_id: input.context.apiKeyId }
  }), 'success');
}
