import type { AnySignetEvent } from '@signet/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { EventHeaders, OutgoingEvent } from '../src';

export const headers = (tenantId = 'acme'): EventHeaders => ({
  tenantId,
  apiKeyId: 'key-1',
  requestId: 'req_1',
  occurredAt: new Date().toISOString()
});

/** A recipient.email_sent event for the envelope `key`, numbered by `sequence` in the recipient name. */
export function emailSent(key: string, sequence: number): OutgoingEvent {
  const now = new Date().toISOString();
  const event = {
    id: uuidv7(),
    event_type: 'recipient.email_sent',
    data: {
      envelope_id: key,
      id: `recipient-${sequence}`,
      custom_key: 'signer',
      order: 0,
      status: 'IN_PROGRESS',
      created_at: now,
      updated_at: now,
      name: `Signer ${sequence}`,
      name_label: null,
      email: 'signer@example.com',
      email_label: null
    }
  } as AnySignetEvent;
  return { topic: 'recipient.email_sent', key, event, headers: headers() };
}

export function sequenceOf(event: AnySignetEvent): number {
  return Number((event.data as { name: string }).name.replace('Signer ', ''));
}
