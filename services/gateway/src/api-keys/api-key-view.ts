import type { ApiKeyView } from '@signet/contracts';
import type { ApiKeyRecord } from './api-key-repository';

/** A key as the API shows it: never its secret nor a hash; a previous secret's end only while it still works. */
export function apiKeyView(record: ApiKeyRecord, now: Date): ApiKeyView {
  const previousWorks = record.revoked_at === null && record.previous_key_expires_at !== null && record.previous_key_expires_at > now;
  return {
    id: record.id,
    name: record.name,
    plan: record.plan,
    scopes: record.scopes,
    key_prefix: record.key_prefix,
    created_at: record.created_at.toISOString(),
    last_used_at: record.last_used_at?.toISOString() ?? null,
    revoked_at: record.revoked_at?.toISOString() ?? null,
    previous_key_expires_at: previousWorks ? (record.previous_key_expires_at as Date).toISOString() : null
  };
}
