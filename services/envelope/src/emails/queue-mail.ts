import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { newSecretToken, sealText } from '@signet/http';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { bounceToken } from './bounce-token';
import { composeLifecycleMail, type LifecycleMail } from './compose-lifecycle-mail';
import type { EmailDeps } from './email-deps';
import type { LifecycleMailKind } from './email-store';

export interface QueuedMail {
  kind: LifecycleMailKind;
  aggregate: EnvelopeAggregate;
  recipient: RecipientRow;
  requestId: string | null;
  extra?: Pick<LifecycleMail, 'documents'> & { rejecterName?: string; reason?: string; expiresAt?: Date };
  /** The invitation, reminders and expiry warnings: a tracked link to the signing page (whose raw link stays in signing_links) and a tracking pixel. */
  tracked?: boolean;
}

/**
 * Composes one lifecycle email and queues it, encrypted (it may hold a signing link), in the caller's
 * transaction, with its send job, which sends it after the commit.
 */
export async function queueMail(deps: EmailDeps, trx: Knex.Transaction, queued: QueuedMail): Promise<void> {
  const { aggregate, recipient } = queued;
  const id = uuidv7();
  const now = deps.clock();
  const tracking = queued.tracked === true ? newSecretToken() : undefined;
  const message = composeLifecycleMail({
    kind: queued.kind,
    to: recipient.email,
    values: {
      recipientName: recipient.name, role: recipient.role, envelopeName: aggregate.envelope.name, rejecterName: queued.extra?.rejecterName, reason: queued.extra?.reason, expiresAt: queued.extra?.expiresAt
    },
    settings: aggregate.envelope.settings,
    language: recipient.language,
    defaultFrom: deps.config.mailFrom,
    documents: queued.extra?.documents,
    bounceToken: bounceToken(deps.keys.bounce, id),
    ...(tracking && {
      actionUrl: `${deps.config.publicBaseUrl}/email/v1/links/${tracking.token}`,
      pixelUrl: `${deps.config.publicBaseUrl}/email/v1/pixels/${tracking.token}`
    })
  });
  await deps.emails.insertMail(trx, {
    id, tenant_id: aggregate.envelope.tenant_id, envelope_id: aggregate.envelope.id, recipient_id: recipient.id, kind: queued.kind,
    status: 'PENDING', sealed: sealText(deps.keys.seal, JSON.stringify(message), id), last_error: null,
    request_id: queued.requestId, handed_at: null, sent_at: null, bounced_at: null, created_at: now
  });
  if (tracking) await deps.emails.insertTracking(trx, tracking.hash, id);
  await deps.jobs.queueLifecycleMail(trx, id);
}
