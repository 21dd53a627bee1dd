import type { WebhookRow } from '../model';

/**
 * A webhook as the API shows it: `auth_type` upper-case, `auth` and the signing secret never
 * (the secret is shown once, by the create response).
 */
export function webhookView(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    subscriptions: row.subscriptions.join(','),
    auth_type: row.auth === null ? null : 'HEADER',
    retry_schedule: row.retry_schedule,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString()
  };
}
