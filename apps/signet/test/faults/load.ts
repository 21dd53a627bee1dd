import { randomUUID } from 'node:crypto';
import { FAULT_KEY } from './part-processes';

/** A client gives up on one request after this long of retrying; the suite counts that request lost. */
const GIVE_UP_MS = 120_000;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** One integrator's unit of work: create an envelope, then send it; each call carries an Idempotency-Key. */
export interface Unit {
  id: string;
  envelopeId: string | null;
  acknowledged: boolean;
  /** Answers no retry can cure on a valid request: a 500, a 422 for a valid PDF, a 404 for our own envelope. */
  wrongVerdicts: string[];
  /** Requests the gateway answered 502: the connection to the part broke before its answer (the client retried them). */
  cut: number;
  /** The send was cut after it took effect: its retry found the envelope already sent. */
  cutAfterEffect: boolean;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request as a careful integrator would: the same Idempotency-Key on every try, and a retry
 * (after Retry-After, else half a second) for 429, 502, 503, 504, 409 IDEMPOTENCY_KEY_IN_USE and a
 * connection that failed. Anything else is the answer.
 */
async function callWithRetries(baseUrl: string, method: string, route: string, body: FormData | undefined, unit: Unit): Promise<Answer | null> {
  const key = randomUUID();
  const giveUpAt = Date.now() + GIVE_UP_MS;
  while (Date.now() < giveUpAt) {
    let answer: Answer;
    let retryAfter = 0.5;
    try {
      const response = await fetch(`${baseUrl}${route}`, { method, headers: { authorization: FAULT_KEY, 'idempotency-key': key }, body });
      answer = { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
      retryAfter = Number(response.headers.get('retry-after')) || retryAfter;
    } catch {
      await pause(retryAfter * 1000);
      continue;
    }
    if (answer.status === 502) unit.cut += 1;
    const inUse = answer.status === 409 && answer.body.code === 'IDEMPOTENCY_KEY_IN_USE';
    if (!RETRY_STATUSES.has(answer.status) && !inUse) return answer;
    await pause(Math.min(retryAfter, 5) * 1000);
  }
  return null;
}

function judge(unit: Unit, what: string, answer: Answer | null): void {
  if (answer === null) return;
  if (answer.status >= 500 || answer.status === 422 || answer.status === 404) unit.wrongVerdicts.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export async function runUnit(baseUrl: string, pdfBase64: string, tag: string): Promise<Unit> {
  const unit: Unit = { id: randomUUID(), envelopeId: null, acknowledged: false, wrongVerdicts: [], cut: 0, cutAfterEffect: false };
  const form = new FormData();
  form.append('documents[contract][base64]', pdfBase64);
  form.append('recipients[ana][email]', 'ana@example.com');
  form.append('recipients[ana][name]', 'Ana Lima');
  form.append('metadata[fault]', tag);
  form.append('metadata[unit]', unit.id);
  const created = await callWithRetries(baseUrl, 'POST', '/api/v1/envelopes', form, unit);
  judge(unit, 'create', created);
  const envelope = created?.status === 200 ? (created.body.envelope as { id: string; status: string }) : null;
  if (!envelope) return unit;
  unit.envelopeId = envelope.id;
  const sent = await callWithRetries(baseUrl, 'POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, undefined, unit);
  judge(unit, 'send', sent);
  // A send whose first try took effect but whose answer was cut finds the envelope already sent on retry.
  const alreadySent = sent?.status === 409 && String(sent.body.error).includes('it is IN_PROGRESS');
  unit.acknowledged = sent?.status === 200 || alreadySent;
  unit.cutAfterEffect = alreadySent;
  return unit;
}

/** Keeps `concurrency` units in flight until `until` resolves, then lets the ones in flight finish. */
export async function runLoad(baseUrl: string, pdfBase64: string, tag: string, concurrency: number, until: Promise<unknown>): Promise<Unit[]> {
  const units: Unit[] = [];
  let stopping = false;
  void until.then(() => {
    stopping = true;
  });
  const worker = async () => {
    while (!stopping) units.push(await runUnit(baseUrl, pdfBase64, tag));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return units;
}
