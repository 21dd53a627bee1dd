import type { ReminderSettings, Settings } from '@signet/contracts';
import { AppError } from '@signet/http';

const DAY_MS = 86_400_000;

/** Reminders when nothing says otherwise (docs/decisions.md): first after 5 days, every 5 days, at most 3. */
export const DEFAULT_REMINDERS: ReminderSettings = { first_after_days: 5, every_days: 5, max: 3 };

/** The envelope's reminder plan; envelopes stored before reminders existed follow the defaults. */
export function reminderPlan(settings: Settings): ReminderSettings {
  return settings.signature_flow.reminders ?? DEFAULT_REMINDERS;
}

/** When reminder `number` (1, 2, ...) of a turn that began at `turnStartedAt` is due, or null past `max`. */
export function reminderDueAt(settings: Settings, turnStartedAt: Date, number: number): Date | null {
  const plan = reminderPlan(settings);
  if (number > plan.max) return null;
  return new Date(turnStartedAt.getTime() + (plan.first_after_days + (number - 1) * plan.every_days) * DAY_MS);
}

/** When the expiry warning goes out for an envelope expiring at `expiresAt`, or null without a warning. */
export function warningDueAt(settings: Settings, expiresAt: Date): Date | null {
  const days = settings.signature_flow.expiry_warning_days ?? null;
  return days === null ? null : new Date(expiresAt.getTime() - days * DAY_MS);
}

/** The expiry a sent envelope gets: its own expires_at, else expire_after_days from now, else none. */
export function expiryAtSend(settings: Settings, expiresAt: Date | null, now: Date): Date | null {
  if (expiresAt !== null) return expiresAt;
  const days = settings.signature_flow.expire_after_days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

/** An expires_at given by the caller: later than now (Signet's clock), else 422 on the field. */
export function futureExpiry(value: string, now: Date): Date {
  const expiresAt = new Date(value);
  if (!(expiresAt.getTime() > now.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'expires_at must be later than now', [{ field: 'expires_at', message: `must be later than now (${now.toISOString()})` }]);
  }
  return expiresAt;
}

/** settings.emails toggles added with expiry: envelopes stored before them send both emails. */
export function expiryEmails(settings: Settings): { expired: boolean; reminder: boolean } {
  return { expired: settings.emails.envelope_expired ?? true, reminder: settings.emails.envelope_reminder ?? true };
}
