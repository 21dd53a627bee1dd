import { waitFor } from '@signet/testkit';
import type { Receiver } from '../webhooks/receiver';
import type { Unit } from './load';
import { FAULT_KEY } from './part-processes';

/**
 * After the fault has cleared, an acknowledged envelope's event is lost once deliveries to the receiver
 * stop coming for this long while some are still missing: a backlog that drains slowly on a busy host is
 * late, not lost. The whole wait is bounded all the same.
 */
const EVENTS_STALL_MS = 60_000;
const EVENTS_LIMIT_MS = 15 * 60_000;

export interface FaultRow {
  fault: string;
  sent: number;
  acknowledged: number;
  /** Acknowledged envelopes missing from the API, or whose envelope.in_progress never reached the webhook. */
  lost: number;
  /** Envelopes stored twice for one create, or one envelope's envelope.in_progress sent as two events (two ids). */
  duplicated: number;
  /**
   * One event delivered again under the same id (webhook-id), which receivers drop: expected when a part is
   * killed between a receiver's answer and its record (delivery is at least once), never otherwise.
   */
  redelivered: number;
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

/** Resolves once `done`, or once no delivery reached `path` for EVENTS_STALL_MS (or EVENTS_LIMIT_MS passed). */
async function deliveriesSettled(receiver: Receiver, path: string, done: () => boolean): Promise<void> {
  const limit = Date.now() + EVENTS_LIMIT_MS;
  let seen = -1;
  let lastProgress = Date.now();
  await waitFor(() => {
    if (done()) return true;
    const count = receiver.at(path).length;
    if (count !== seen) [seen, lastProgress] = [count, Date.now()];
    return Date.now() - lastProgress > EVENTS_STALL_MS || Date.now() > limit;
  }, EVENTS_LIMIT_MS + EVENTS_STALL_MS, 'deliveries to settle');
}

export async function verifyUnits(fault: string, tag: string, units: Unit[], baseUrl: string, receiver: Receiver, path: string): Promise<FaultRow> {
  const acknowledged = units.filter((unit) => unit.acknowledged);
  let lost = 0;
  for (const unit of acknowledged) {
    const read = await get(baseUrl, `/api/v1/envelopes/${unit.envelopeId}`);
    if (read.status !== 200 || (read.body.envelope as { status: string }).status !== 'IN_PROGRESS') lost += 1;
  }
  const deliveredIds = () => new Set(receiver.at(path).map((delivery) => delivery.event.data.id as string));
  await deliveriesSettled(receiver, path, () => acknowledged.every((unit) => deliveredIds().has(unit.envelopeId as string)));
  // One reading for both counts: a delivery arriving between two readings is neither lost nor a duplicate.
  const deliveries = [...receiver.at(path)];
  const delivered = new Set(deliveries.map((delivery) => delivery.event.data.id as string));
  lost += acknowledged.filter((unit) => !delivered.has(unit.envelopeId as string)).length;

  const perUnit = new Map<string, number>();
  for (const envelope of await storedEnvelopes(baseUrl, tag)) perUnit.set(envelope.unit, (perUnit.get(envelope.unit) ?? 0) + 1);
  const extraEnvelopes = [...perUnit.values()].reduce((sum, count) => sum + count - 1, 0);
  const eventIds = new Set(deliveries.map((delivery) => delivery.event.id));
  const redelivered = deliveries.length - eventIds.size;
  const secondEvents = eventIds.size - delivered.size;
  const neverAnswered = units.filter((unit) => !unit.acknowledged && unit.wrongVerdicts.length === 0).length;
  return {
    fault,
    sent: units.length,
    acknowledged: acknowledged.length,
    lost,
    duplicated: extraEnvelopes + secondEvents,
    redelivered,
    wrongVerdicts: units.reduce((sum, unit) => sum + unit.wrongVerdicts.length, 0) + neverAnswered,
    cut: units.reduce((sum, unit) => sum + unit.cut, 0),
    cutAfterEffect: units.filter((unit) => unit.cutAfterEffect).length
  };
}
