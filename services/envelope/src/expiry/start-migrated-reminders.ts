import type { RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EnvelopeRow } from '../model';
import { startReminders } from './expiry-schedule';
import { reminderPlan } from './expiry-settings';

export interface MigratedReminders {
  tenantId: string;
  envelopeId: string;
  /** The recipients whose turn had begun before reminders existed. */
  recipientIds: string[];
}

const hasReminderPlan = (envelope: EnvelopeRow): boolean => (envelope.settings.signature_flow.reminders ?? null) !== null;

/** The envelope's key asks for its settings: no request behind it, and no envelope overrides (none could name reminders). */
const keyContext = (envelope: EnvelopeRow): RequestContext => ({
  tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId: `migrated-reminders-${envelope.id}`
});

/**
 * The migrated-reminders job (envelope.start-migrated-reminders): an envelope sent before reminders existed
 * stored no reminder plan and had none queued. It takes its key's plan (as a newly sent envelope would),
 * and each listed recipient still IN_PROGRESS starts their reminders as if invited now, so reminders long
 * overdue do not all go out at once. An envelope that has a plan already (this job ran before) or is no
 * longer IN_PROGRESS is left as it is.
 */
export async function startMigratedReminders(deps: EnvelopeDeps, { tenantId, envelopeId, recipientIds }: MigratedReminders): Promise<void> {
  const current = await deps.store.load(deps.db, tenantId, envelopeId);
  if (!current || hasReminderPlan(current.envelope)) return;
  const reminders = reminderPlan(await deps.settings.effective(keyContext(current.envelope), undefined));
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, tenantId, envelopeId, { forUpdate: true });
    if (!aggregate || aggregate.envelope.status !== 'IN_PROGRESS' || hasReminderPlan(aggregate.envelope)) return;
    const settings = { ...aggregate.envelope.settings, signature_flow: { ...aggregate.envelope.settings.signature_flow, reminders } };
    const envelope = { ...aggregate.envelope, settings };
    await deps.store.updateEnvelope(trx, envelopeId, { settings });
    const waiting = aggregate.recipients.filter((recipient) => recipientIds.includes(recipient.id) && recipient.status === 'IN_PROGRESS');
    for (const recipient of waiting) {
      await deps.store.updateRecipient(trx, recipient.id, { turn_started_at: now });
      await startReminders(deps, trx, envelope, recipient.id, now);
    }
  });
}
