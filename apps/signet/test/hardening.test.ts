import { Agent, request } from 'node:http';
import { ENVELOPE_LIMITS } from '@signet/contracts';
import { samplePdf, waitFor } from '@signet/testkit';
import { ApiResponse, KEYS, startTestSignet, TestSignet } from './harness';
import { reject, sentEnvelope } from './signing/flows';
import { createWebhook } from './webhooks/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NUL = '\u0000';
const MEGABYTE = 1024 * 1024;

/**
 * A PDF of `size` bytes with `count` signature dictionaries, each with a /ByteRange around the same small
 * hole and a revision ending before the file does: examining each would mean parsing the file again.
 */
function manySignatures(size: number, count: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  const head = '%PDF-1.7\n1 0 obj\n<</Type/Sig/Contents ';
  const holeStart = head.length;
  const hole = `<${'00'.repeat(32)}>`;
  const holeEnd = holeStart + hole.length;
  file.write(head + hole + '>>\nendobj\n', 0, 'latin1');
  const revisionEnd = size - 64;
  const dictionaries = Array.from({ length: count }, (_, index) =>
    `${index + 2} 0 obj\n<</Type/Sig/SubFilter/adbe.pkcs7.detached/ByteRange [0 ${holeStart} ${holeEnd} ${revisionEnd - holeEnd}]>>\nendobj\n`).join('');
  const tail = `${dictionaries}trailer\n<</Root 1 0 R>>\n%%EOF\n`;
  file.write(tail, revisionEnd - Buffer.byteLength(tail) - 1024, 'latin1');
  return file;
}
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A 4xx with the shared error body, never a 5xx: what every bad input below must get. */
function expectRefused(answer: ApiResponse, status: number): void {
  expect({ status: answer.status, code: typeof answer.body.code, request_id: typeof answer.body.request_id }).toEqual({ status, code: 'string', request_id: 'string' });
}

/** Findings of a black-box probe and a schema fuzz of the API, each answered 5xx or not at all before; through the gateway. */
describe('hardening: bounded work and a clean 4xx for every bad input', () => {
  let api: TestSignet;
  let pdfBase64: string;

  const createForm = (form: Record<string, string>, key: string = KEYS.globex) => api.call('POST', '/api/v1/envelopes', { key, form });
  const basicForm = () => ({ 'documents[0][base64]': pdfBase64, 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' });

  beforeAll(async () => {
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    pdfBase64 = (await samplePdf({})).toString('base64');
  });

  afterAll(async () => {
    await api.close();
  });

  describe('text PostgreSQL cannot store (NUL) is a 422 wherever it comes in', () => {
    it('in list filters: q, recipient_email and metadata[...]', async () => {
      for (const query of ['q=a%00b', 'recipient_email=a%00b%40example.com', 'metadata[crm]=a%00b']) {
        const answer = await api.call('GET', `/api/v1/envelopes?${query}`, { key: KEYS.globex });
        expectRefused(answer, 422);
        expect((answer.body.details as Body[])[0]?.message).toMatch(/NUL/);
      }
    });

    it('in multipart create and update fields, names included', async () => {
      expectRefused(await createForm({ ...basicForm(), name: `a${NUL}b` }), 422);
      expectRefused(await createForm({ ...basicForm(), 'recipients[0][name]': `Ana${NUL}` }), 422);
      // A NUL in a field's name already breaks the multipart encoding: 400, as any unreadable form.
      expect([400, 422]).toContain((await createForm({ ...basicForm(), [`metadata[a${NUL}]`]: 'x' })).status);
      const created = await createForm(basicForm());
      expect(created.status).toBe(200);
      const id = (created.body.envelope as Body).id as string;
      expectRefused(await api.call('PUT', `/api/v1/envelopes/${id}`, { key: KEYS.globex, form: { name: `a${NUL}b` } }), 422);
      expectRefused(await api.call('PUT', `/api/v1/envelopes/${id}`, { key: KEYS.globex, form: { 'metadata[crm]': `x${NUL}` } }), 422);
    });

    it('in settings, webhook URLs, upload creation and batch ids', async () => {
      expectRefused(await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json: { branding: { name: `Acme${NUL}` } } }), 422);
      expectRefused(await api.call('POST', '/api/v1/webhooks', { key: KEYS.globex, json: { url: `https://example.com/${NUL}`, subscriptions: 'envelope.in_progress' } }), 422);
      const created = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' } });
      const id = (created.body.envelope as Body).id as string;
      expectRefused(await api.call('POST', `/api/v1/envelopes/${id}/uploads`, { key: KEYS.globex, json: { file_name: `a${NUL}.pdf`, order: 0 } }), 422);
      expectRefused(await api.call('POST', '/api/v1/batches', { key: KEYS.globex, json: { operation: 'send', envelope_ids: [`a${NUL}b`] } }), 422);
    });

    it('in ids in paths, which are strictly UUIDs: anything else is 404', async () => {
      for (const path of ['/api/v1/envelopes/a%00b', '/api/v1/envelopes/not-an-id', '/api/v1/webhooks/a%00b', '/api/v1/batches/%00', '/api/v1/envelopes/a%00b/uploads']) {
        expectRefused(await api.call('GET', path, { key: KEYS.globex }), 404);
      }
    });

    it('in the keyless reject reason', async () => {
      const envelope = await sentEnvelope(api, KEYS.globex);
      expectRefused(await reject(api, envelope.tokens.ana as string, `No${NUL}`), 422);
    });
  });

  describe('list cursors are checked in full', () => {
    it('refuses a tampered envelope cursor whose time PostgreSQL would not take', async () => {
      const id = '0190f2a4-1b2c-7d3e-8f40-123456789abc';
      for (const time of ['1', 'March 7', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00.000000Z']) {
        const answer = await api.call('GET', `/api/v1/envelopes?cursor=${cursorOf({ t: time, i: id, o: 'desc' })}`, { key: KEYS.globex });
        expectRefused(answer, 422);
        expect(answer.body.details).toEqual([{ field: 'cursor', message: 'is not a cursor this list gave out' }]);
      }
      expectRefused(await api.call('GET', `/api/v1/envelopes?cursor=${cursorOf({ t: '2026-01-01T00:00:00.000000Z', i: `x${NUL}`, o: 'desc' })}`, { key: KEYS.globex }), 422);
    });

    it('pages through with the cursors it gives out', async () => {
      for (let index = 0; index < 2; index++) expect((await createForm(basicForm(), KEYS.globexSecond)).status).toBe(200);
      const first = await api.call('GET', '/api/v1/envelopes?limit=1', { key: KEYS.globexSecond });
      const cursor = first.body.next_cursor as string;
      expect(JSON.parse(Buffer.from(cursor, 'base64url').toString()).t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      const second = await api.call('GET', `/api/v1/envelopes?limit=1&cursor=${cursor}`, { key: KEYS.globexSecond });
      expect(second.status).toBe(200);
      expect((second.body.envelopes as Body[])[0]?.id).not.toBe((first.body.envelopes as Body[])[0]?.id);
    });

    it('refuses a deliveries cursor that is not a delivery id', async () => {
      const webhook = await createWebhook(api.call, KEYS.globex, { url: 'https://example.com/hook', subscriptions: 'envelope.in_progress' });
      expectRefused(await api.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries?cursor=a%00b`, { key: KEYS.globex }), 422);
    });
  });

  describe('one set of envelope limits, shared by the multipart form and batch items', () => {
    const recipients = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`r${index}`, { email: `r${index}@example.com`, name: `R ${index}` }]));
    const message = `an envelope holds at most ${ENVELOPE_LIMITS.recipients} recipients`;

    it('refuses more recipients than the limit in a multipart create', async () => {
      const form: Record<string, string> = basicForm();
      for (const [key, recipient] of Object.entries(recipients(ENVELOPE_LIMITS.recipients + 1))) {
        form[`recipients[${key}][email]`] = recipient.email;
        form[`recipients[${key}][name]`] = recipient.name;
      }
      const answer = await createForm(form);
      expectRefused(answer, 422);
      expect(answer.body.details).toEqual([{ field: 'recipients', message }]);
    });

    it('fails a batch item of 10,000 recipients with the same 422, creating nothing', async () => {
      const accepted = await api.call('POST', '/api/v1/batches', { key: KEYS.globex, json: { operation: 'create', items: [{ recipients: recipients(10_000) }] } });
      expect(accepted.status).toBe(202);
      const batch = await waitFor(async () => {
        const shown = (await api.call('GET', `/api/v1/batches/${(accepted.body.batch as Body).id}`, { key: KEYS.globex })).body.batch as Body;
        return shown.status === 'COMPLETED' && shown;
      }, 30_000, 'batch COMPLETED');
      expect((batch.results as Body[])[0]).toMatchObject({ status: 'FAILED', envelope_id: null, error: { code: 'VALIDATION_FAILED', details: [{ field: 'recipients', message }] } });
    });

    it('refuses a batch item nested 100,000 levels deep before storing anything', async () => {
      const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
      const raw = await fetch(`${api.url}/api/v1/batches`, { method: 'POST', headers: { authorization: KEYS.globex, 'content-type': 'application/json' }, body: `{"operation":"create","items":[${deep}]}` });
      expect(raw.status).toBe(422);
      expect(((await raw.json()) as Body).details[0].message).toMatch(/nests deeper than/);
    });

    it('refuses placements indexed outside 0, 1, 2, ... instead of failing inside the create', async () => {
      for (const index of ['-1', '99999999999999999999']) {
        const answer = await createForm({ ...basicForm(), [`placements[${index}][document_key]`]: '0', [`placements[${index}][recipient_key]`]: '0' });
        expectRefused(answer, 422);
        expect(answer.body.details).toEqual([{ field: `placements.${index}`, message: 'placements are indexed 0, 1, 2, ...' }]);
      }
    });
  });

  describe('bodies that cannot be read', () => {
    it('answers multipart/form-data without a boundary with 400', async () => {
      const answer = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, headers: { 'content-type': 'multipart/form-data' } });
      expectRefused(answer, 400);
    });

    it('answers PUT /api/v1/settings without a body with 422, changing nothing', async () => {
      const answer = await new Promise<{ status: number; body: Body }>((resolve, rejectRequest) => {
        const url = new URL(`${api.url}/api/v1/settings`);
        const sent = request({ method: 'PUT', host: url.hostname, port: url.port, path: url.pathname, headers: { authorization: KEYS.globex, 'content-type': 'application/json', 'content-length': '0' } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Body }));
        });
        sent.on('error', rejectRequest);
        sent.end();
      });
      expect(answer.status).toBe(422);
      expect(answer.body.details).toEqual([{ field: 'body', message: expect.stringContaining('is required') }]);
    });

    it('answers an unreadable SMS status report with a 400 the document lists', async () => {
      const malformed = await fetch(`${api.url}/sms/v1/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      expect(malformed.status).toBe(400);
    });
  });

  describe('signature reports: bounded work', () => {
    const report = (pdf: Buffer, key: string = KEYS.globex) =>
      fetch(`${api.url}/api/v1/signature-reports`, { method: 'POST', headers: { authorization: key, 'content-type': 'application/pdf' }, body: pdf });

    it('refuses a file with more signatures than are examined, without examining them', async () => {
      const answer = await report(manySignatures(Math.floor(MEGABYTE / 3), 60));
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as Body).error).toBe('The PDF has 60 signature dictionaries; at most 50 are examined');
    });

    it('answers a 50 MB file of thousands of /Sig dictionaries within its budget, /healthz answering meanwhile', async () => {
      const pdf = manySignatures(50 * MEGABYTE, 5000);
      const order: string[] = [];
      const url = new URL(`${api.url}/api/v1/signature-reports`);
      // The sentinel goes over a connection already open, so that it costs the server one small read and
      // cannot lose the race to a connection handshake on a busy host.
      const warm = new Agent({ keepAlive: true, maxSockets: 1 });
      const health = () => new Promise<number>((resolve, rejectHealth) => {
        request({ host: url.hostname, port: url.port, path: '/healthz', agent: warm }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', rejectHealth).end();
      });
      expect(await health()).toBe(200);
      const answered = new Promise<{ status: number; body: Body }>((resolve, rejectRequest) => {
        const sent = request({ method: 'POST', host: url.hostname, port: url.port, path: url.pathname, headers: { authorization: KEYS.globex, 'content-type': 'application/pdf', 'content-length': String(pdf.length) } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            order.push('report');
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Body });
          });
        });
        sent.on('error', rejectRequest);
        // Once the whole body is on its way, the report's work is what stands between it and its answer.
        sent.end(pdf, () => {
          void health().then((healthStatus) => order.push(`healthz ${healthStatus}`));
        });
      });
      const { status, body } = await answered;
      await waitFor(() => order.length === 2, 10_000, '/healthz answered');
      warm.destroy();
      expect(order).toEqual(['healthz 200', 'report']);
      expect(status).toBe(422);
      expect(body.error).toBe('The PDF has 5000 signature dictionaries; at most 50 are examined');
    });

    it('counts reports against a per-key limit (20 an hour on the starter plan)', async () => {
      // Up to two windows' worth: an hour that turns while the test runs starts a new count, not a free pass.
      const statuses: number[] = [];
      while (statuses.length < 41 && !statuses.includes(429)) statuses.push((await report(Buffer.from('not a pdf'), KEYS.acme)).status);
      expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(422));
      expect(statuses.at(-1)).toBe(429);
      expect((await report(Buffer.from('not a pdf'), KEYS.acmeSecond)).status).toBe(422);
    });
  });

  describe('image URLs in settings', () => {
    it('refuses logos and signature backgrounds on private, loopback or metadata addresses when saved', async () => {
      const cases = [
        { branding: { logo: 'https://10.0.0.7/logo.png' } },
        { branding: { logo: 'https://169.254.169.254/latest/meta-data' } },
        { signature: { bg_image: 'https://[::1]/bg.png' } },
        { signature: { bg_image: 'https://127.0.0.1/bg.png' } }
      ];
      for (const json of cases) {
        const answer = await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json });
        expectRefused(answer, 422);
        expect((answer.body.details as Body[])[0]?.message).toMatch(/must not point at/);
      }
      expectRefused(await createForm({ ...basicForm(), 'settings[branding][logo]': 'https://192.168.1.1/logo.png' }), 422);
      expect((await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json: { branding: { logo: 'https://example.com/logo.png' } } })).status).toBe(200);
    });
  });
});
