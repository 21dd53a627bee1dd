import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { type RecipientPayload, SendCodeRequest } from '@signet/contracts';
import { AppError, requestContext } from '@signet/http';
import { readCodeRequest } from './channel-request';
import { hashCode } from './codes/code-hash';
import { newCode } from './codes/new-code';
import { decideSend, sendLimitHeaders } from './codes/send-limits';
import { dropDeliveries } from './drop-deliveries';
import type { RecipientFacts } from './envelope-client';
import { composeCodeMail } from './mail/compose-code-mail';
import { sealMail } from './mail/mail-cipher';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow, DAY_MS, HOUR_MS } from './model';
import { composeCodeSms } from './sms/compose-code-sms';
import { sealSms } from './sms/sms-cipher';
import { allowedCountryOf, assertTenantSmsAllowance } from './sms/sms-guard';
import type { ChannelKey } from './store/code-store';
import { assertValidationApplies } from './validation-applies';
import type { ValidationDeps } from './validation-deps';
import { writeValidationEvent } from './validation-events';

/** A new code replaces the recipient's pending one on the channel: only the newest code works. */
async function retirePendingCode(deps: ValidationDeps, trx: Knex.Transaction, key: ChannelKey, recipient: RecipientPayload, requestId: string, now: Date): Promise<void> {
  const latest = await deps.codes.latest(trx, key);
  if (latest?.status !== 'PENDING') return;
  await dropDeliveries(deps, trx, latest.id, now);
  if (latest.expires_at > now) {
    await deps.codes.update(trx, latest.id, { status: 'SUPERSEDED', updated_at: now });
    return;
  }
  const expired = { ...latest, status: 'EXPIRED' as const, updated_at: now };
  await deps.codes.update(trx, latest.id, { status: expired.status, updated_at: now });
  await writeValidationEvent(trx, 'recipient.validation_code_expired', expired, recipient, requestId, now);
}

/** Queues the code's email or SMS, encrypted, in the transaction that creates the code. */
async function queueDelivery(deps: ValidationDeps, trx: Knex.Transaction, facts: RecipientFacts, row: CodeRow, code: string, country: string | null, now: Date): Promise<void> {
  const { envelope, recipient } = facts;
  const id = uuidv7();
  if (row.channel === 'email') {
    const message = composeCodeMail({ recipient, envelopeName: envelope.name, code, expiresAt: row.expires_at, settings: envelope.settings, defaultFrom: deps.mailFrom });
    await deps.mails.insert(trx, { id, code_id: row.id, sealed: sealMail(deps.keys.mail, message, id), created_at: now });
    await deps.jobs.queueSend(trx, 'email', id);
    return;
  }
  const sms = composeCodeSms({ phone: facts.phone as string, recipient, envelopeName: envelope.name, code, expiresAt: row.expires_at, settings: envelope.settings });
  await deps.sms.insert(trx, {
    id, code_id: row.id, tenant_id: row.tenant_id, country: country as string, sealed: sealSms(deps.keys.sms, sms, id), status: 'PENDING',
    last_error: null, provider_message_id: null, provider_status: null, created_at: now, finished_at: null
  });
  await deps.jobs.queueSend(trx, 'sms', id);
}

/**
 * POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code, no body or
 * `{channel: "email" | "sms"}`: a 6-digit code, valid 30 minutes, within the recipient's limits on that
 * channel (60 s apart, 5 an hour) and, for SMS, the tenant's daily cap and the country allow-list. Only
 * its HMAC is kept; the email or SMS waits encrypted for its send job, which sends it after this
 * transaction, never inside one.
 */
export function sendCode(deps: ValidationDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const channel = readCodeRequest(req, SendCodeRequest, '{"channel": "sms"}').channel ?? 'email';
    const context = requestContext(res);
    const facts = await deps.envelopes.recipient(context, String(req.params.envelope_id), String(req.params.recipient_id));
    assertValidationApplies(facts, channel);
    const country = channel === 'sms' ? allowedCountryOf(deps.smsGuard, facts.phone as string) : null;
    const { envelope, recipient } = facts;
    const key: ChannelKey = { tenant_id: context.tenantId, envelope_id: envelope.id, recipient_id: recipient.id, channel };
    const now = deps.clock();
    const issued = await deps.db.transaction(async (trx) => {
      await deps.codes.lockRecipient(trx, key, now);
      const decision = decideSend(await deps.codes.createdSince(trx, key, new Date(now.getTime() - HOUR_MS)), now);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', `${decision.reason}: try again in ${decision.retryAfterSeconds} seconds`, undefined, sendLimitHeaders(decision));
      }
      if (channel === 'sms') assertTenantSmsAllowance(deps.smsGuard, await deps.codes.tenantSmsSince(trx, context.tenantId, new Date(now.getTime() - DAY_MS)), now);
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
      await deps.jobs.queueExpiry(trx, row.id, row.expires_at);
      await queueDelivery(deps, trx, facts, row, code, country, now);
      await writeValidationEvent(trx, 'recipient.validation_code_generated', row, recipient, context.requestId, now);
      return { row, decision };
    });
    deps.committed();
    res.set(sendLimitHeaders(issued.decision));
    res.json({ success: true, expires_at: issued.row.expires_at.toISOString() });
  };
}
