import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, createReadStream } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { OutgoingEvent } from '@signet/bus';
import {
  activeContentPdf, checkAnswer,
  decompressionBombPdf, encryptedPdf, samplePdf, waitFor, writeLargePdf
} from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface PutAnswer {
  status: number;
  body: Body;
}

/** PUT to an upload URL, streaming the body (a Buffer or a file stream), as an integrator's client would. */
function putFile(url: string, body: Buffer | Readable, options: { key?: string; contentType?: string; length?: number } = {}): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: options.key ?? KEYS.globex, 'content-type': options.contentType ?? 'application/pdf' };
    if (options.length !== undefined) headers['content-length'] = String(options.length);
    else if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answer = { status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} };
        try {
          checkAnswer({ method: 'PUT', url, ...answer, contentType: response.headers['content-type'] ?? null });
          resolve(answer);
        } catch (problem) {
          reject(problem);
        }
      });
    });
    request.on('error', reject);
    if (Buffer.isBuffer(body)) request.end(body);
    else body.pipe(request);
  });
}


/** The 1 GB bomb takes a second to make: made once for both modes. */
let bomb: Buffer | undefined;
const decompressionBomb = async () => (bomb ??= decompressionBombPdf());

describe.each(INFRASTRUCTURE_MODES)('uploads through the gateway, %s', (mode, infrastructure) => {
  let api: TestSignet;
  let closeInfrastructure: () => Promise<void>;
  let pdf: Buffer;
  const clock = { offsetMs: 0 };

  const newEnvelope = async (key: string = KEYS.globex): Promise<string> => {
    const response = await api.call('POST', '/api/v1/envelopes', { key, form: { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana' } });
    expect(response.status).toBe(200);
    return (response.body.envelope as Body).id as string;
  };
  const requestUpload = (envelopeId: string, json: Body, key: string = KEYS.globex) =>
    api.call('POST', `/api/v1/envelopes/${envelopeId}/uploads`, { key, json });
  const getUpload = (envelopeId: string, id: string, key: string = KEYS.globex) =>
    api.call('GET', `/api/v1/envelopes/${envelopeId}/uploads/${id}`, { key });
  const settled = (envelopeId: string, id: string) => waitFor(async () => {
    const upload = (await getUpload(envelopeId, id)).body.upload as Body;
    return ['COMPLETED', 'FAILED'].includes(upload.status) ? upload : undefined;
  }, 30000, 'the upload to be processed');

  async function uploadedFile(envelopeId: string, order: number, bytes: Buffer, fileName = `file-${order}.pdf`): Promise<Body> {
    const created = await requestUpload(envelopeId, { file_name: fileName, order });
    expect(created.status).toBe(200);
    const upload = created.body.upload as Body;
    const put = await putFile(upload.upload_url, bytes);
    expect(put.status).toBe(200);
    return settled(envelopeId, upload.id);
  }

  beforeAll(async () => {
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    api = await startTestSignet(infra.env, undefined, () => new Date(Date.now() + clock.offsetMs));
    pdf = await samplePdf({ pages: 2 });
  });

  afterAll(async () => {
    await api.close();
    await closeInfrastructure();
  });

  it('takes two PDFs at orders 0 and 1, attaches them in order, and the envelope can be sent', async () => {
    const envelopeId = await newEnvelope();
    const created = await requestUpload(envelopeId, { file_name: 'second.pdf', order: 1, custom_key: 'annex', content_type: 'application/pdf' });
    expect(created.status).toBe(200);
    const upload = created.body.upload as Body;
    expect(created.body).toMatchObject({ success: true, request_id: expect.any(String) });
    expect(upload).toMatchObject({
      id: expect.any(String), envelope_id: envelopeId, status: 'PENDING', file_name: 'second.pdf', order: 1, custom_key: 'annex',
      max_file_size: 52428800, upload_url: expect.stringMatching(/\/api\/v1\/uploads\/[A-Za-z0-9_-]{43}$/),
      instructions: { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, note: expect.any(String) }
    });
    expect(new Date(upload.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const put = await putFile(upload.upload_url, pdf);
    expect(put).toEqual({ status: 200, body: { success: true, upload_id: upload.id, status: 'UPLOADED', message: expect.any(String), request_id: expect.any(String) } });
    const second = await settled(envelopeId, upload.id);
    expect(second).toMatchObject({ status: 'COMPLETED', file_id: expect.any(String), custom_key: 'annex', uploaded_at: expect.any(String), processed_at: expect.any(String), error_message: null });
    const first = await uploadedFile(envelopeId, 0, await samplePdf(), 'first.pdf');
    expect(first.status).toBe('COMPLETED');

    const envelope = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.documents.length === 2 && shown.name === 'first.pdf' ? shown : undefined;
    }, 20000, 'both documents on the envelope, which is named after the first');
    expect(envelope.documents.map((document: Body) => [document.order, document.file_name, document.page_count, document.custom_key])).toEqual([
      [0, 'first.pdf', 1, '0'], [1, 'second.pdf', 2, 'annex']
    ]);
    expect(envelope.documents[1].id).toBe(second.file_id);
    expect((await api.call('POST', `/api/v1/envelopes/${envelopeId}/send_invitation`, { key: KEYS.globex })).status).toBe(200);

    await waitFor(() => api.events.filter((event) => event.key === envelopeId && event.event.event_type === 'envelope.file_uploaded').length === 2, 20000, 'file_uploaded events');
    const announced = api.events.find((event) => event.event.event_type === 'envelope.file_uploaded' && (event.event.data as Body).presigned_upload_id === upload.id);
    expect(announced?.event.data).toEqual({
      envelope_id: envelopeId, presigned_upload_id: upload.id, file_id: second.file_id, order: 1, file_name: 'second.pdf', custom_key: 'annex',
      status: 'COMPLETED', uploaded_at: second.uploaded_at, processed_at: second.processed_at
    });
  });

  it('attaches a redelivered document once', async () => {
    const envelopeId = await newEnvelope();
    const upload = await uploadedFile(envelopeId, 0, pdf);
    const processed = await waitFor(() => api.events.find((event) => event.event.event_type === 'document.processed' && (event.event.data as Body).upload_id === upload.id), 20000, 'document.processed');
    const updatesBefore = await waitFor(() => {
      const updates = api.events.filter((event) => event.key === envelopeId && event.event.event_type === 'envelope.updated');
      return updates.length === 1 ? updates : undefined;
    }, 20000, 'the attachment');
    const again: OutgoingEvent = { topic: processed.topic, key: processed.key, event: processed.event, headers: processed.headers };
    await api.signet.bus.publish([again]);
    // A second document on the same envelope: its document.processed (same topic and key) is consumed after
    // the redelivery, and its envelope.updated is announced after whatever the redelivery announced.
    const annex = await uploadedFile(envelopeId, 1, pdf);
    const updates = await waitFor(() => {
      const seen = api.events.filter((event) => event.key === envelopeId && event.event.event_type === 'envelope.updated');
      return seen.some((event) => (event.event.data as Body).documents.length === 2) && seen;
    }, 20000, 'the second attachment');
    expect(updates).toHaveLength(updatesBefore.length + 1);
    const envelope = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    expect(envelope.documents.map((document: Body) => document.id)).toEqual([upload.file_id, annex.file_id]);
    expect(api.events.filter((event) => event.event.event_type === 'envelope.file_uploaded' && (event.event.data as Body).presigned_upload_id === upload.id)).toHaveLength(1);
  });

  it('allows one active upload per order (422), and frees the order once that upload has failed', async () => {
    const envelopeId = await newEnvelope();
    const first = (await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 })).body.upload as Body;
    const duplicate = await requestUpload(envelopeId, { file_name: 'b.pdf', order: 0 });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'order' }] });
    await putFile(first.upload_url, Buffer.from('not a pdf at all'));
    expect((await settled(envelopeId, first.id)).status).toBe('FAILED');
    expect((await requestUpload(envelopeId, { file_name: 'b.pdf', order: 0 })).status).toBe(200);
  });

  it('refuses invalid upload requests with 422', async () => {
    const envelopeId = await newEnvelope();
    const cases: Array<[Body, string]> = [
      [{ order: 0 }, 'file_name'],
      [{ file_name: 'x'.repeat(101), order: 0 }, 'file_name'],
      [{ file_name: 'a.pdf', order: -1 }, 'order'],
      [{ file_name: 'a.pdf', order: 0, content_type: 'image/png' }, 'content_type']
    ];
    for (const [json, field] of cases) {
      const response = await requestUpload(envelopeId, json);
      expect(response.status).toBe(422);
      expect((response.body.details as Body[]).map((detail) => detail.field)).toContain(field);
    }
  });

  it('answers 405 once the envelope is no longer CREATED', async () => {
    const envelopeId = await newEnvelope();
    await api.call('PUT', `/api/v1/envelopes/${envelopeId}/void`, { key: KEYS.globex });
    const refused = await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 });
    expect(refused.status).toBe(405);
    expect(refused.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', request_id: expect.any(String) });
  });

  it('refuses a wrong Content-Type (403), a second use (403) and an unknown URL (404)', async () => {
    const envelopeId = await newEnvelope();
    const upload = (await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 })).body.upload as Body;
    expect((await putFile(upload.upload_url, pdf, { contentType: 'application/octet-stream' })).status).toBe(403);
    expect((await putFile(upload.upload_url, pdf)).status).toBe(200);
    const again = await putFile(upload.upload_url, pdf);
    expect(again.status).toBe(403);
    expect(again.body.error).toMatch(/already been used/);
    expect((await putFile(upload.upload_url.replace(/[^/]+$/, 'x'.repeat(43)), pdf)).status).toBe(404);
    expect((await putFile(upload.upload_url, pdf, { key: 'wrong-key-entirely' })).status).toBe(401);
  });

  it('expires an unused URL after one hour (injected clock): 403, and the upload shows EXPIRED', async () => {
    const envelopeId = await newEnvelope();
    const upload = (await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 })).body.upload as Body;
    clock.offsetMs = 61 * 60_000;
    try {
      const refused = await putFile(upload.upload_url, pdf);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/expired/);
      expect((await getUpload(envelopeId, upload.id)).body.upload).toMatchObject({ status: 'EXPIRED' });
      expect((await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 })).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it.each([
    ['a text file labelled as PDF', async () => Buffer.from('Dear reader, this is plain text.'), /not a PDF/],
    ['a truncated PDF', async () => pdf.subarray(0, Math.floor(pdf.length / 2)), /damaged/],
    ['an encrypted PDF', encryptedPdf, /encrypted or password-protected/],
    ['a decompression bomb', decompressionBomb, /within the limits/],
    ['a PDF that launches cmd.exe', () => activeContentPdf('launch'), /active content \(\/A \/Launch\)/]
  ])('ends FAILED, with a message a person understands, for %s', async (_case, make, message) => {
    const envelopeId = await newEnvelope();
    const upload = await uploadedFile(envelopeId, 0, await make());
    expect(upload).toMatchObject({ status: 'FAILED', file_id: null, error_message: expect.stringMatching(message) });
    const envelope = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    expect(envelope.documents).toHaveLength(0);
  });

  it('lists uploads with a comma-separated status filter and a total', async () => {
    const envelopeId = await newEnvelope();
    await uploadedFile(envelopeId, 0, pdf);
    await uploadedFile(envelopeId, 1, Buffer.from('nope'));
    await requestUpload(envelopeId, { file_name: 'pending.pdf', order: 2 });
    const all = await api.call('GET', `/api/v1/envelopes/${envelopeId}/uploads`, { key: KEYS.globex });
    expect(all.body).toMatchObject({ total: 3, request_id: expect.any(String) });
    expect((all.body.uploads as Body[]).map((upload) => [upload.order, upload.status])).toEqual([[0, 'COMPLETED'], [1, 'FAILED'], [2, 'PENDING']]);
    const some = await api.call('GET', `/api/v1/envelopes/${envelopeId}/uploads?status=completed,PENDING`, { key: KEYS.globex });
    expect(some.body.total).toBe(2);
    expect(Object.keys((some.body.uploads as Body[])[0] as Body).sort()).toEqual(['envelope_id', 'file_id', 'file_name', 'id', 'order', 'status']);
    const bad = await api.call('GET', `/api/v1/envelopes/${envelopeId}/uploads?status=DONE`, { key: KEYS.globex });
    expect(bad.status).toBe(422);
  });

  it("answers 404 for another tenant's envelope, upload or upload URL", async () => {
    const envelopeId = await newEnvelope();
    const upload = (await requestUpload(envelopeId, { file_name: 'a.pdf', order: 0 })).body.upload as Body;
    expect((await requestUpload(envelopeId, { file_name: 'a.pdf', order: 1 }, KEYS.acmeSecond)).status).toBe(404);
    expect((await api.call('GET', `/api/v1/envelopes/${envelopeId}/uploads`, { key: KEYS.acmeSecond })).status).toBe(404);
    expect((await getUpload(envelopeId, upload.id, KEYS.acmeSecond)).status).toBe(404);
    expect((await putFile(upload.upload_url, pdf, { key: KEYS.acmeSecond })).status).toBe(404);
    expect((await getUpload(envelopeId, upload.id)).body.upload).toMatchObject({ status: 'PENDING' });
  });

  describe('large files', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'signet-large-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('refuses a file over 50 MB while streaming, keeping nothing', async () => {
      const file = path.join(folder, 'too-big.pdf');
      await writeLargePdf(file, 52_428_800 + 1024 * 1024);
      const envelopeId = await newEnvelope();
      const upload = (await requestUpload(envelopeId, { file_name: 'big.pdf', order: 0 })).body.upload as Body;
      // Chunked, with no Content-Length, so the limit must be enforced on the bytes as they stream.
      const refused = await putFile(upload.upload_url, createReadStream(file)).catch(() => ({ status: 413, body: {} }));
      expect(refused.status).toBe(413);
      expect((await getUpload(envelopeId, upload.id)).body.upload).toMatchObject({ status: 'FAILED', error_message: expect.stringMatching(/larger than/) });
      const blobs = path.join(api.signet.config.dataDir, 'blobs', 'tenants', 'globex', 'envelopes', envelopeId);
      expect(existsSync(blobs) ? readdirSync(blobs, { recursive: true }).filter((name) => String(name).endsWith('.pdf')) : []).toEqual([]);
    });

    if (mode.startsWith('monolith')) {
      it('streams a 50 MB PDF through the gateway and the upload service with flat memory (growth under 64 MB)', async () => {
        const file = path.join(folder, 'fifty.pdf');
        const size = await writeLargePdf(file, 50 * 1024 * 1024);
        const envelopeId = await newEnvelope();
        const upload = (await requestUpload(envelopeId, { file_name: 'fifty.pdf', order: 0 })).body.upload as Body;
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
        const put = await putFile(upload.upload_url, createReadStream(file, { highWaterMark: 256 * 1024 }), { length: size });
        clearInterval(sampler);
        expect(put.status).toBe(200);
        expect((peak - before) / 1024 / 1024).toBeLessThan(64);
        expect(statSync(file).size).toBe(size);
        expect((await settled(envelopeId, upload.id)).status).toBe('COMPLETED');
      }, 120_000);
    }
  });
});
