import { createHash, randomUUID } from 'node:crypto';
import knex from 'knex';
import type { EventBus } from '@signet/bus';
import type { AnySignetEvent, SpecEventType } from '@signet/contracts';

type Data = Record<string, unknown>;

/** The id the gateway gave a bootstrap key: what events name in their signet-api-key-id header. */
export async function apiKeyIdOf(databaseUrl: string, key: string): Promise<string> {
  const db = knex({ client: 'pg', connection: databaseUrl });
  try {
    const row = await db('gateway.api_keys').where({ key_hash: createHash('sha256').update(key).digest('hex') }).first('id');
    return row.id as string;
  } finally {
    await db.destroy();
  }
}

/**
 * A valid event of any of the API's types, for the types no operation produces yet, built from the payloads of
 * real envelope and recipient events so they keep the shapes of libs/contracts.
 */
export function specEvent(eventType: SpecEventType, envelope: Data, recipient: Data): AnySignetEvent {
  const now = new Date().toISOString();
  let data: Data;
  if (eventType === 'envelope.file_uploaded') {
    data = {
      envelope_id: envelope.id, presigned_upload_id: randomUUID(), file_id: randomUUID(), order: 1, file_name: 'annex.pdf', custom_key: 'annex',
      status: 'COMPLETED', uploaded_at: now, processed_at: now
    };
  } else if (eventType === 'envelope.evidence_generated') {
    data = { ...envelope, evidence_document_url: 'https://files.example.com/evidence.pdf', evidence_generated_at: now };
  } else {
    data = eventType.startsWith('envelope.') ? envelope : recipient;
  }
  return { id: randomUUID(), event_type: eventType, data } as AnySignetEvent;
}

/** Publishes an event straight onto the bus, as the part that owns it would, naming the envelope's creator key. */
export async function publishEvent(bus: EventBus, event: AnySignetEvent, owner: { tenantId: string; apiKeyId: string }): Promise<void> {
  await bus.publish([{
    topic: event.event_type,
    key: String((event.data as Data).envelope_id ?? (event.data as Data).id),
    event,
    headers: { tenantId: owner.tenantId, apiKeyId: owner.apiKeyId, occurredAt: new Date().toISOString(), requestId: null }
  }]);
}
