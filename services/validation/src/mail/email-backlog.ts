import type { Knex } from 'knex';
import { type EmailBacklog, emailBacklogAt } from '@signet/metrics';
import type { Clock } from '@signet/service';

/** The code emails waiting to be sent (rows leave the table once sent or dropped), and how long the oldest has waited. */
export async function readCodeMailBacklog(db: Knex, clock: Clock): Promise<EmailBacklog> {
  const row = await db('pending_mails').first(db.raw('count(*)::int AS pending'), db.raw('min(created_at) AS oldest_due'));
  return emailBacklogAt(clock(), Number(row?.pending ?? 0), row?.oldest_due ? new Date(row.oldest_due) : null);
}
