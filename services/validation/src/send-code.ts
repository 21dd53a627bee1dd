import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { RecipientPayload } from '@signet/contracts';
import { AppError, requestContext } from '@signet/http';
import { hashCode } from './codes/code-hash';
import { newCode } from './codes/new-code';
import { decideSend, sendLimitHeaders } from './codes/send-limits';
import { composeCodeMail } from './mail/compose-code-mail';
import { sealMail } from './mail/mail-cipher';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow, HOUR_MS } from './model';
import type { RecipientKey } from './store/code-store';
import { assertValidationApplies } from './validation-applies';
import type { ValidationDeps } from './validation-deps';
import { writeValidationEvent } from './validation-events';

/** A new code replaces the recipient's pending one: only the newest code works. */
async function retirePendingCode(deps: ValidationDeps, trx: Knex.Transaction, key: RecipientKey, recipient: RecipientPayload, requestId: string, now: Date): Promise<void> {
  const latest = await deps.codes.latest(trx, key);
  if (latest?.status !== 'PENDING') return;
  await deps.mails.deleteForCode(trx, latest.id);
  if (latest.expires_at > now) {
    await deps.codes.update(trx, latest.id, { status: 'SUPERSEDED', updated_at: now });
    return;
  }
  const expired = { ...latest, status: 'EXPIRED' as const, updated_at: now };
  await deps.codes.update(trx, latest.id, { status: expired.status, updated_at: now });
  await writeValidationEvent(trx, 'recipient.validation_code_expired', expired, recipient, requestId, now);
}

/**
 * POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code: a 6-digit code,
 * valid 30 minutes, within the recipient's limits (60 s apart, 5 an hour). Only its HMAC is kept; the
 * email waits encrypted for the mail worker, which sends it after this transaction, never inside one.
 */
export function sendCode(deps: ValidationDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const context = requestContext(res);
    const facts = await deps.envelopes.recipient(context, String(req.params.envelope_id), String(req.params.recipient_id));
    assertValidationApplies(facts);
    const { envelope, recipient } = facts;
    const key: RecipientKey = { tenant_id: context.tenantId, envelope_id: envelope.id, recipient_id: recipient.id };
    const now = deps.clock();
    const issued = await deps.db.transaction(async (trx) => {
      await deps.codes.lockRecipient(trx, key, now);
      const decision = decideSend(await deps.codes.createdSince(trx, key, new Date(now.getTime() - HOUR_MS)), now);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', `${decision.reason}: try again in ${decision.retryAfterSeconds} seconds`, undefined, sendLimitHeaders(decision));
      }
      await retirePendingCode(deps, trx, key, recipient, context.requestId, now);
      const code = newCode();
      const id = uuidv7();
      const row: CodeRow = {
        ...key,
        id,
        envelope_api_key_id: envelope.api_key_id,
        code_hash: hashCode(deps.keys.codeHash, id, code),
        status: 'PENDING',
        attempts_left: ATTEMPTS_PER_CODE,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
        sent_at: null,
        verified_at: null,
        recipient,
        request_id: context.requestId,
        created_at: now,
        updated_at: now
      };
      await deps.codes.insert(trx, row);
      const message = composeCodeMail({
        recipient, envelopeName: envelope.name, code, expiresAt: row.expires_at, settings: envelope.settings, defaultFrom: deps.mailFrom
      });
      const mailId = uuidv7();
      await deps.mails.insert(trx, {
        id: mailId, code_id: row.id, sealed: sealMail(deps.keys.mail, message, mailId), attempts: 0, next_attempt_at: now, last_error: null, created_at: now
      });
      await writeValidationEvent(trx, 'recipient.validation_code_generated', row, recipient, context.requestId, now);
      return { row, decision };
    });
    deps.committed();
    res.set(sendLimitHeaders(issued.decision));
    res.json({ success: true, expires_at: issued.row.expires_at.toISOString() });
  };
}
