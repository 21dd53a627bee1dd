import { randomUUID } from 'node:crypto';
import { callInternal } from '@signet/http';
import { findTextTokens } from '@signet/pdf';
import { pdftotext, samplePdf, waitFor } from '@signet/testkit';
import { PDFDocument } from 'pdf-lib';
import { INTERNAL_SECRET, KEYS, startTestSignet, TestSignet } from './harness';
import { handled } from './part-tables';
import { drawn, sentEnvelope, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SEAL_NAME = 'Signet Development Seal — not for production';
const TSA_NAME = 'Signet Development TSA — not for production';
const SIGNER_POLICY_OID = '2.25.212312045381440610123848992234486344912.1.1';
const TRUSTED = 'Certificate chain: trusted by Signet’s trust anchors';

describe('the evidence sheet, monolith mode', () => {
  let api: TestSignet;

  const evidence = (id: string, key: string = KEYS.globex) => api.call('GET', `/api/v1/envelopes/${id}/evidence`, { key });
  const generatedFor = (id: string) => api.events.filter((event) => event.key === id && event.event.event_type === 'envelope.evidence_generated');
  const pdfAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  it('never reports an envelope that exists as not found, however far behind its record is', async () => {
    const created = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: { 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima' }
    });
    // Asked at once, before the evidence part can have consumed envelope.created.
    const answer = await evidence((created.body.envelope as Body).id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('CREATED') });
    expect((await evidence(randomUUID())).status).toBe(404);
  });

  it('is refused before SUCCESS, rendered once after it, cached, re-rendered in the background, and hidden from other tenants', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'recipients[ana][tax_id]': 'TAX-4711', 'recipients[ana][tax_label]': 'RUT', 'recipients[ana][rep_id]': 'Lima Holdings' });
    await waitFor(async () => (await evidence(envelope.id)).status === 409 || false, 20_000, 'the evidence service to know the envelope');
    const refused = await evidence(envelope.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringContaining('SUCCESS') });

    expect((await sign(api, envelope.tokens.ana as string, written('Ana Lima'))).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);
    const first = await waitFor(async () => {
      const answer = await evidence(envelope.id);
      return answer.status === 200 && answer;
    }, 30_000, 'evidence once SUCCESS');
    expect(first.body).toMatchObject({ evidence_document_url: expect.any(String), evidence_generated_at: expect.any(String) });

    const pdf = await pdfAt(first.body.evidence_document_url as string);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(0);
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
    const [document] = shown.documents as Body[];
    const tokens = [envelope.id, 'Ana Lima', 'Ben Ode', document?.id, document?.sha256, document?.original_sha256,
      'recipient.signed_all', 'envelope.success', 'envelope.in_progress', 'recipient.link_generated', 'Evidence', 'TAX-4711', 'RUT:', 'Lima Holdings', 'Rep.:'] as string[];
    const found = await findTextTokens(pdf, tokens);
    for (const token of tokens) expect({ token, found: (found[token]?.length ?? 0) > 0 }).toEqual({ token, found: true });
    await waitFor(() => generatedFor(envelope.id).length === 1, 10_000, 'envelope.evidence_generated');
    expect(generatedFor(envelope.id)[0]?.event.data).toMatchObject({ id: envelope.id, status: 'SUCCESS', evidence_document_url: first.body.evidence_document_url });
    // Announced for the envelope's own API key, whose webhooks it reaches (none would without one).
    const creation = api.events.find((event) => event.key === envelope.id && event.event.event_type === 'envelope.created');
    expect(generatedFor(envelope.id)[0]?.headers.apiKeyId).toEqual(expect.any(String));
    expect(generatedFor(envelope.id)[0]?.headers.apiKeyId).toBe(creation?.headers.apiKeyId);

    const second = await evidence(envelope.id);
    expect(second.body).toMatchObject({ evidence_document_url: first.body.evidence_document_url, evidence_generated_at: first.body.evidence_generated_at });
    // The evidence part records its own announcement too. Once it has, a render the cached call set off, or
    // an announcement that made the sheet stale (and so re-rendered, in a loop), shows in the sheet's row.
    const announcement = generatedFor(envelope.id)[0]?.event.id as string;
    await waitFor(() => handled(api, 'evidence', 'evidence-timeline', announcement), 10_000, 'the evidence part to record its announcement');
    const sheet = await api.tables('evidence.evidence_envelopes').where({ envelope_id: envelope.id }).first();
    expect({ renders: sheet.render_count, stale: sheet.timeline_version > sheet.rendered_version }).toEqual({ renders: 1, stale: false });
    expect(generatedFor(envelope.id)).toHaveLength(1);

    // A new timeline event (an email opened after completion) makes the sheet stale: re-rendered in the background.
    const ana = (shown.envelope_signers as Body[] | undefined)?.find((r) => r.name === 'Ana Lima') ?? (shown.recipients as Body[]).find((r) => r.name === 'Ana Lima');
    const anaEvent = api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.signed_all' && (event.event.data as Body).name === 'Ana Lima');
    const { ip_address: _ip, user_agent: _ua, ...recipient } = anaEvent?.event.data as Body;
    expect(ana).toBeDefined();
    await api.signet.bus.publish([{
      topic: 'recipient.email_opened',
      key: envelope.id,
      event: { id: randomUUID(), event_type: 'recipient.email_opened', data: recipient } as never,
      headers: { tenantId: anaEvent?.headers.tenantId as string, apiKeyId: null, requestId: null, occurredAt: new Date().toISOString() }
    }]);
    await waitFor(() => generatedFor(envelope.id).length === 2, 15_000, 'a background re-render');
    const third = await evidence(envelope.id);
    expect(third.body.evidence_document_url).not.toBe(first.body.evidence_document_url);
    const rerendered = await findTextTokens(await pdfAt(third.body.evidence_document_url as string), ['recipient.email_opened']);
    expect(rerendered['recipient.email_opened']?.length).toBeGreaterThan(0);

    expect((await evidence(envelope.id, KEYS.acme)).status).toBe(404);
    expect((await evidence('no-such-envelope')).status).toBe(404);
  }, 90_000);

  /** Signs as ana then ben and answers the text of the envelope's evidence sheet, lines joined where pdfkit wrapped them. */
  async function signedSheetText(envelope: { id: string; tokens: Record<string, string> }): Promise<string> {
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, drawn)).status).toBe(200);
    const answer = await waitFor(async () => {
      const found = await evidence(envelope.id);
      return found.status === 200 && found;
    }, 60_000, 'evidence once SUCCESS');
    return pdftotext(await pdfAt(answer.body.evidence_document_url as string)).replace(/\s*\n\s*/g, ' ');
  }

  it('lists each signer\'s advanced signature, the seal and the document timestamp, all trusted, and states the basis of sole control', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature][level]': 'advanced' });
    const text = await signedSheetText(envelope);
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
    const emails = Object.fromEntries((shown.envelope_signers as Body[]).map((recipient) => [recipient.name, recipient.email]));

    expect(text).toContain('Signatures Every signature in each signed document, as checked when this sheet was generated. contract.pdf');
    expect(text).toContain(`1. Advanced electronic signature: Ana Lima Certificate subject: CN=Ana Lima, emailAddress=${emails['Ana Lima']}`);
    expect(text).toContain(`2. Advanced electronic signature: Ben Ode Certificate subject: CN=Ben Ode, emailAddress=${emails['Ben Ode']}`);
    expect(text).toContain(`3. Signet’s seal: ${SEAL_NAME}`);
    expect(text).toContain(`4. Document timestamp: ${TSA_NAME}`);
    expect(text).not.toContain('5. ');
    expect(text.split(TRUSTED)).toHaveLength(5);
    expect(text).not.toContain('not trusted');
    expect(text).toContain('Sole control of the signing keys Each signer’s key was generated for their act alone, in memory; '
      + 'it could be used only within that signer’s authenticated act, after the checks the envelope asked of them, and was destroyed afterwards. '
      + `Its certificate was issued by Signet’s signer CA for that act, valid for 10 minutes, under certificate policy ${SIGNER_POLICY_OID}.`);
  }, 120_000);

  it('lists the seal and the document timestamp alone for a seal envelope, with no sole-control statement', async () => {
    const text = await signedSheetText(await sentEnvelope(api, KEYS.globex));
    expect(text).toContain(`1. Signet’s seal: ${SEAL_NAME}`);
    expect(text).toContain(`2. Document timestamp: ${TSA_NAME}`);
    expect(text).not.toContain('3. ');
    expect(text.split(TRUSTED)).toHaveLength(3);
    expect(text).not.toContain('electronic signature:');
    expect(text).not.toContain('Sole control');
  }, 120_000);

  it('answers the evidence part the signatures of a SUCCESS envelope only, and only in its own tenant\'s name', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const tenantId = api.events.find((event) => event.key === envelope.id && event.event.event_type === 'envelope.created')?.headers.tenantId as string;
    const signatures = (tenant: string) => callInternal({
      baseUrl: api.signet.urls.get('envelope') as string, method: 'GET', path: `/internal/envelopes/${envelope.id}/signatures`,
      context: { tenantId: tenant, apiKeyId: '', plan: '', requestId: `req_signatures_${randomUUID()}` }, secret: INTERNAL_SECRET
    });
    // Not SUCCESS yet: 409, which an internal caller gets as the part being unavailable (it retries).
    await expect(signatures(tenantId)).rejects.toMatchObject({ message: expect.stringContaining('answered 409') });
    await expect(signatures(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
