import { waitFor } from '@signet/testkit';
import type { Receiver } from '../webhooks/receiver';
import type { Unit } from './load';
import { FAULT_KEY } from './part-processes';

/** After the fault has cleared, how long every acknowledged envelope's event may take to reach the receiver. */
const EVENTS_DEADLINE_MS = 180_000;

export interface FaultRow {
  fault: string;
  sent: number;
  acknowledged: number;
  /** Acknowledged envelopes missing from the API, or whose envelope.in_progress never reached the webhook. */
  lost: number;
  /** Envelopes stored twice for one create, or one envelope's envelope.in_progress delivered twice. */
  duplicated: number;
  /** 500s, 422s for a valid PDF, 404s for an envelope that exists, and requests never answered. */
  wrongVerdicts: number;
  /** Requests whose connection to the part broke before the answer (502, retried by the client). */
  cut: number;
  /** Sends cut after they took effect (the retry found the envelope sent): expected when a part is killed, never when it is stopped. */
  cutAfterEffect: number;
}

async function get(baseUrl: string, route: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${route}`, { headers: { authorization: FAULT_KEY } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Every envelope the run stored, through the list route, as envelope id -> the unit that created it. */
async function storedEnvelopes(baseUrl: string, tag: string): Promise<Array<{ id: string; unit: string }>> {
  const stored: Array<{ id: string; unit: string }> = [];
  let cursor: string | null = null;
  do {
    const page = await get(baseUrl, `/api/v1/envelopes?limit=100&metadata[fault]=${encodeURIComponent(tag)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (page.status !== 200) throw new Error(`listing envelopes answered ${page.status}: ${JSON.stringify(page.body)}`);
    for (const envelope of page.body.envelopes as Array<{ id: string; metadata: Record<string, string> }>) stored.push({ id: envelope.id, unit: envelope.metadata.unit as string });
    cursor = page.body.next_cursor as string | null;
  } while (cursor);
  return stored;
}

export async function verifyUnits(fault: string, tag: string, units: Unit[], baseUrl: string, receiver: Receiver, path: string): Promise<FaultRow> {
  const acknowledged = units.filter((unit) => unit.acknowledged);
  let lost = 0;
  for (const unit of acknowledged) {
    const read = await get(baseUrl, `/api/v1/envelopes/${unit.envelopeId}`);
    if (read.status !== 200 || (read.body.envelope as { status: string }).status !== 'IN_PROGRESS') lost += 1;
  }
  const deliveredIds = () => new Set(receiver.at(path).map((delivery) => delivery.event.data.id as string));
  await waitFor(() => acknowledged.every((unit) => deliveredIds().has(unit.envelopeId as string)), EVENTS_DEADLINE_MS, `${fault}: every envelope.in_progress delivered`)
    .catch(() => undefined);
  const delivered = deliveredIds();
  lost += acknowledged.filter((unit) => !delivered.has(unit.envelopeId as string)).length;

  const perUnit = new Map<string, number>();
  for (const envelope of await storedEnvelopes(baseUrl, tag)) perUnit.set(envelope.unit, (perUnit.get(envelope.unit) ?? 0) + 1);
  const extraEnvelopes = [...perUnit.values()].reduce((sum, count) => sum + count - 1, 0);
  const extraDeliveries = receiver.at(path).length - delivered.size;
  if (extraEnvelopes + extraDeliveries > 0) {
    const eventIds = new Set(receiver.at(path).map((delivery) => delivery.event.id));
    process.stdout.write(`  duplicates: ${extraEnvelopes} envelopes, ${extraDeliveries} deliveries (${receiver.at(path).length - eventIds.size} of them with an event id seen before)\n`);
  }
  const neverAnswered = units.filter((unit) => !unit.acknowledged && unit.wrongVerdicts.length === 0).length;
  return {
    fault,
    sent: units.length,
    acknowledged: acknowledged.length,
    lost,
    duplicated: extraEnvelopes + extraDeliveries,
    wrongVerdicts: units.reduce((sum, unit) => sum + unit.wrongVerdicts.length, 0) + neverAnswered,
    cut: units.reduce((sum, unit) => sum + unit.cut, 0),
    cutAfterEffect: units.filter((unit) => unit.cutAfterEffect).length
  };
}
