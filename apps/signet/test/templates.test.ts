import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdftotext, samplePdf, waitFor } from '@signet/testkit';
import { createSignetClient } from '@signet/sdk';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { written } from './signing/flows';
import { createWebhook } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A template as shown, with each document's download link reduced to what it names: every answer signs its own links, their expiry counted from the answer. */
const stable = (shown: Body) => ({ ...shown, documents: (shown.documents as Body[]).map(({ url, ...document }) => ({ ...document, file: String(url).split('?')[0] })) });

/** A one-page PDF with its own form (AcroForm): two text fields, named as a customer's PDF would name them. */
async function formPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText('Customer:', { x: 72, y: 700, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const form = pdf.getForm();
  form.createTextField('customer_name').addToPage(page, { x: 150, y: 690, width: 250, height: 24 });
  form.createTextField('Plan Code').addToPage(page, { x: 150, y: 650, width: 250, height: 24 });
  return Buffer.from(await pdf.save());
}

async function download(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

/** Templates through the gateway: CRUD, uses (single and batched), shared documents, prefill, isolation. */
describe('templates', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let nda: string;
  let onePage: string;

  const call = (method: string, path: string, options: { key?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    api.call(method, path, { key: KEYS.globex, ...options });
  const envelope = async (id: string, key: string = KEYS.globex) => (await call('GET', `/api/v1/envelopes/${id}`, { key })).body.envelope as Body;

  /** Two roles (buyer and seller, the seller always the same), a token signature, a TEXT and a DATE field. */
  const ndaForm = (): Record<string, string> => ({
    name: 'Mutual NDA',
    'documents[nda][base64]': nda,
    'documents[nda][name]': 'nda.pdf',
    'recipients[buyer][role]': 'SIGNER',
    'recipients[seller][email]': 'legal@seller.example',
    'recipients[seller][name]': 'Seller Legal',
    'placements[0][document_key]': 'nda', 'placements[0][recipient_key]': 'buyer', 'placements[0][token]': '{{buyer}}',
    'placements[1][document_key]': 'nda', 'placements[1][recipient_key]': 'seller',
    'placements[1][coordinates][page]': '1', 'placements[1][coordinates][top]': '500', 'placements[1][coordinates][left]': '72',
    'placements[2][document_key]': 'nda', 'placements[2][recipient_key]': 'buyer', 'placements[2][type]': 'TEXT', 'placements[2][name]': 'company',
    'placements[2][readonly]': 'TRUE', 'placements[2][coordinates][page]': '0', 'placements[2][coordinates][top]': '200', 'placements[2][coordinates][left]': '72',
    'placements[3][document_key]': 'nda', 'placements[3][recipient_key]': 'buyer', 'placements[3][type]': 'DATE', 'placements[3][name]': 'start_date',
    'placements[3][coordinates][page]': '0', 'placements[3][coordinates][top]': '260', 'placements[3][coordinates][left]': '72',
    'settings[signature_flow][language]': 'ES',
    'metadata[kind]': 'nda'
  });

  async function createTemplate(form: Record<string, string>, key: string = KEYS.globex): Promise<Body> {
    const created = await call('POST', '/api/v1/templates', { key, form });
    expect(created).toMatchObject({ status: 200 });
    return created.body.template as Body;
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    nda = (await samplePdf({ pages: 2, text: 'Buyer signs here: {{buyer}}' })).toString('base64');
    onePage = (await samplePdf({ pages: 1, text: 'Buyer signs here: {{buyer}}' })).toString('base64');
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('bulk-sends 100 envelopes from a template with two roles, a TEXT and a DATE field and a token placement, each with its own recipients and values, sharing the template\'s document', async () => {
    await createWebhook(api.call, KEYS.globex, { url: `${receiver.url}/templates`, subscriptions: 'template.created', auth_type: 'header', auth: 'Bearer hook' });
    const template = await createTemplate(ndaForm());
    expect(template).toMatchObject({
      id: expect.any(String), name: 'Mutual NDA', metadata: { kind: 'nda' },
      recipients: [{ key: 'buyer', role: 'SIGNER' }, { key: 'seller', email: 'legal@seller.example', name: 'Seller Legal' }],
      documents: [{ custom_key: 'nda', file_name: 'nda.pdf', page_count: 2, form_fields: [] }],
      placements: [{ key: '0', token: '{{buyer}}' }, { key: '1' }, { key: '2', type: 'TEXT', name: 'company' }, { key: '3', type: 'DATE', name: 'start_date' }]
    });
    expect(stable((await call('GET', `/api/v1/templates/${template.id}`)).body.template as Body)).toEqual(stable(template));
    const [delivered] = await receiver.waitForCount('/templates', 1, 30_000);
    expect(delivered?.event).toMatchObject({ event_type: 'template.created' });
    expect(stable(delivered?.event.data as Body)).toEqual(stable(template));

    const items = Array.from({ length: 100 }, (_, index) => ({
      recipients: { buyer: { email: `buyer${index}@example.com`, name: `Buyer ${index}` } },
      fields: { company: `Company ${index}`, start_date: `2027-01-${String((index % 28) + 1).padStart(2, '0')}` },
      metadata: { row: String(index) },
      ...(index === 0 ? { send: 'true' } : {})
    }));
    const accepted = await call('POST', '/api/v1/batches', { json: { operation: 'create_from_template', template_id: template.id, items } });
    expect(accepted.status).toBe(202);
    const batch = await waitFor(async () => {
      const shown = (await call('GET', `/api/v1/batches/${(accepted.body.batch as Body).id}`)).body.batch as Body;
      return shown.status === 'COMPLETED' && shown;
    }, 300_000, 'the batch COMPLETED');
    expect(batch).toMatchObject({ operation: 'create_from_template', total: 100, succeeded: 100, failed: 0 });

    const ids = (batch.results as Body[]).map((result) => result.envelope_id as string);
    // Read all at once: one by one, a hundred requests took seconds.
    const shownAll = await Promise.all(ids.map((id) => envelope(id)));
    for (const [index, shown] of shownAll.entries()) {
      expect(shown).toMatchObject({
        template_id: template.id, name: 'Mutual NDA', status: index === 0 ? 'IN_PROGRESS' : 'CREATED', metadata: { kind: 'nda', row: String(index) },
        envelope_signers: [
          { custom_key: 'buyer', email: `buyer${index}@example.com`, name: `Buyer ${index}` },
          { custom_key: 'seller', email: 'legal@seller.example', name: 'Seller Legal' }
        ],
        documents: [{ sha256: (template.documents as Body[])[0]?.sha256 }]
      });
      const byName = Object.fromEntries((shown.placements as Body[]).filter((placement) => placement.name).map((placement) => [placement.name, placement.default_value]));
      expect(byName).toEqual({ company: `Company ${index}`, start_date: items[index]?.fields.start_date });
    }
    const created = await waitFor(() => api.events.find((event) => event.key === ids[1] && event.event.event_type === 'envelope.created'), 120_000, 'envelope.created');
    expect((created.event.data as Body).template_id).toBe(template.id);
    const listed = await call('GET', `/api/v1/envelopes?template_id=${template.id}&limit=100`);
    expect(listed.body.envelopes as Body[]).toHaveLength(100);
    // One blob for all of them: the template's, never a copy per envelope.
    const keys = await api.tables('envelope.documents').whereIn('envelope_id', ids).distinct('blob_key');
    const templateKeys = await api.tables('envelope.template_documents').where({ template_id: template.id }).select('blob_key');
    expect(keys).toEqual(templateKeys);

    // The one sent at once, signed by both: its signed PDF is its own, the template's stays as it was.
    const links = await waitFor(() => {
      const found = api.events.filter((event) => event.key === ids[0] && event.event.event_type === 'recipient.link_generated');
      return found.length === 2 && found;
    }, 30_000, 'both signing links');
    for (const link of links) {
      const data = link.event.data as Body;
      const token = String(data.signing_url).split('/sign/')[1] as string;
      expect((await api.call('POST', `/signing/v1/${token}/sign`, { key: null, json: written(data.name as string) })).status).toBe(200);
    }
    const signed = await waitFor(async () => {
      const shown = await envelope(ids[0] as string);
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    const signedText = pdftotext(await download((signed.documents as Body[])[0]?.url));
    expect(signedText).toContain('Buyer signs here');
    // Its prefilled values, kept by the signer (one read-only), are drawn into the signed PDF and shown in GET.
    expect(signedText).toContain('Company 0');
    expect(signedText).toContain('2027-01-01');
    expect(Object.fromEntries((signed.fields as Body[]).map((field) => [field.name, field.value]))).toEqual({ company: 'Company 0', start_date: '2027-01-01' });
    expect((signed.documents as Body[])[0]?.original_sha256).toBe((template.documents as Body[])[0]?.sha256);
    expect((await envelope(ids[1] as string)).documents).toMatchObject([{ sha256: (template.documents as Body[])[0]?.sha256 }]);
  }, 600_000);

  it('saves an envelope as a template with its recipients\' keys, placements and settings; changing or deleting the template changes no envelope made before', async () => {
    await createWebhook(api.call, KEYS.globex, { url: `${receiver.url}/changes`, subscriptions: 'template.updated,template.deleted', auth_type: 'header', auth: 'Bearer hook' });
    const made = await call('POST', '/api/v1/envelopes', { form: {
      name: 'Lease', 'documents[lease][base64]': nda, 'documents[lease][name]': 'lease.pdf',
      'recipients[tenant][email]': 'tenant@example.com', 'recipients[tenant][name]': 'Tia Tenant', 'recipients[owner][email]': 'owner@example.com', 'recipients[owner][name]': 'Otto Owner',
      'placements[0][document_key]': 'lease', 'placements[0][recipient_key]': 'tenant', 'placements[0][token]': '{{buyer}}',
      'placements[1][document_key]': 'lease', 'placements[1][recipient_key]': 'owner', 'placements[1][coordinates][page]': '1', 'placements[1][coordinates][top]': '100', 'placements[1][coordinates][left]': '50',
      'settings[signature_flow][language]': 'FR', 'metadata[deal]': 'd-1'
    } });
    expect(made.status).toBe(200);
    const source = await envelope((made.body.envelope as Body).id);
    const saved = await call('POST', '/api/v1/templates', { json: { from_envelope_id: source.id } });
    expect(saved.status).toBe(200);
    const template = saved.body.template as Body;
    expect(template).toMatchObject({
      name: 'Lease', settings: { signature_flow: { language: 'FR' } }, metadata: { deal: 'd-1' },
      recipients: [{ key: 'owner', email: 'owner@example.com', name: 'Otto Owner' }, { key: 'tenant', email: 'tenant@example.com', name: 'Tia Tenant' }],
      documents: [{ custom_key: 'lease', sha256: (source.documents as Body[])[0]?.sha256 }]
    });
    const placementOf = (placement: Body) => [placement.recipient_key, placement.document_key, placement.token ?? null, placement.coordinates?.page ?? null, placement.coordinates?.top ?? null];
    expect((template.placements as Body[]).map(placementOf)).toEqual((source.placements as Body[]).map(placementOf));

    const fromTemplate = await call('POST', `/api/v1/templates/${template.id}/envelopes`, { json: { name: 'Lease 2', recipients: { tenant: { name: 'Tom Tenant' } } } });
    expect(fromTemplate.status).toBe(200);
    const before = await envelope((fromTemplate.body.envelope as Body).id);
    expect(before).toMatchObject({ template_id: template.id, name: 'Lease 2', settings: { signature_flow: { language: 'FR' } } });
    const pdfBefore = await download((before.documents as Body[])[0]?.url);

    const updated = await call('PUT', `/api/v1/templates/${template.id}`, { form: {
      name: 'Lease v2', 'documents[lease][base64]': onePage, 'recipients[tenant][email]': 'other@example.com',
      'placements[0][document_key]': 'lease', 'placements[0][recipient_key]': 'tenant', 'placements[0][token]': '{{buyer}}'
    } });
    expect(updated.status).toBe(200);
    expect(updated.body.template).toMatchObject({ name: 'Lease v2', documents: [{ page_count: 1 }], recipients: [{ key: 'tenant', email: 'other@example.com' }] });
    const afterUpdate = await envelope(before.id);
    const unchanged = (shown: Body) => ({ ...shown, documents: (shown.documents as Body[]).map(({ url: _url, ...document }) => document) });
    expect(unchanged(afterUpdate)).toEqual(unchanged(before));

    expect((await call('DELETE', `/api/v1/templates/${template.id}`)).body).toMatchObject({ success: true });
    expect((await call('GET', `/api/v1/templates/${template.id}`)).status).toBe(404);
    const afterDelete = await envelope(before.id);
    expect(unchanged(afterDelete)).toEqual(unchanged(before));
    expect(await download((afterDelete.documents as Body[])[0]?.url)).toEqual(pdfBefore);
    const changes = await receiver.waitForCount('/changes', 2, 30_000);
    expect(changes.map((delivered) => delivered.event)).toEqual([
      expect.objectContaining({ event_type: 'template.updated', data: updated.body.template }),
      expect.objectContaining({ event_type: 'template.deleted', data: updated.body.template })
    ]);
  }, 120_000);

  it('fills the PDF\'s own form fields by name, drawn into the page', async () => {
    const template = await createTemplate({ 'documents[order][base64]': (await formPdf()).toString('base64'), 'documents[order][name]': 'order.pdf', 'recipients[customer][name]': 'Customer' });
    expect(template.documents).toMatchObject([{ form_fields: ['customer_name', 'Plan Code'] }]);
    const used = await call('POST', `/api/v1/templates/${template.id}/envelopes`, { form: {
      'recipients[customer][email]': 'cleo@example.com', 'fields[customer_name]': 'Cleo Customer', 'fields[Plan Code]': 'GOLD-7'
    } });
    expect(used.status).toBe(200);
    const shown = await envelope((used.body.envelope as Body).id);
    const text = pdftotext(await download((shown.documents as Body[])[0]?.url));
    expect(text).toContain('Cleo Customer');
    expect(text).toContain('GOLD-7');
    expect((shown.documents as Body[])[0]?.sha256).not.toBe((template.documents as Body[])[0]?.sha256);
  }, 60_000);

  it('shows a prefilled value as the placement\'s default_value, and as the field\'s value only once the recipient signs', async () => {
    const template = await createTemplate(ndaForm());
    const used = await call('POST', `/api/v1/templates/${template.id}/envelopes`, { json: {
      recipients: { buyer: { email: 'hana@example.com', name: 'Hana Sato' } }, fields: { company: 'Sato KK', start_date: '2027-03-01' }, send: 'true'
    } });
    expect(used.status).toBe(200);
    const id = (used.body.envelope as Body).id as string;
    const prefilled = (shown: Body) => Object.fromEntries((shown.placements as Body[]).filter((placement) => placement.name).map((placement) => [placement.name, [placement.default_value, placement.readonly]]));
    const values = (shown: Body) => Object.fromEntries((shown.fields as Body[]).map((field) => [field.name, [field.value, field.filled_at === null ? null : 'filled']]));
    const before = await envelope(id);
    expect(prefilled(before)).toEqual({ company: ['Sato KK', true], start_date: ['2027-03-01', false] });
    expect(values(before)).toEqual({ company: [null, null], start_date: [null, null] });

    const link = await waitFor(() => api.events.find((event) => event.key === id && event.event.event_type === 'recipient.link_generated' && (event.event.data as Body).custom_key === 'buyer'), 30_000, "the buyer's link");
    const token = String((link.event.data as Body).signing_url).split('/sign/')[1] as string;
    // The read-only company is kept as prefilled; the start date, which the buyer may change, is changed.
    expect((await api.call('POST', `/signing/v1/${token}/sign`, { key: null, json: { ...written('Hana Sato'), fields: { start_date: '2027-04-01' } } })).status).toBe(200);
    const after = await envelope(id);
    expect(prefilled(after)).toEqual(prefilled(before));
    expect(values(after)).toEqual({ company: ['Sato KK', 'filled'], start_date: ['2027-04-01', 'filled'] });
  }, 60_000);

  it('refuses a use naming a missing or unknown recipient, an unknown field, or a document that loses a placement\'s page (422, nothing made)', async () => {
    const template = await createTemplate(ndaForm());
    const use = (json: unknown) => call('POST', `/api/v1/templates/${template.id}/envelopes`, { json });
    const buyer = { buyer: { email: 'b@example.com', name: 'B' } };
    const fields = { company: 'Acme' };
    const problems = async (json: unknown) => {
      const answer = await use(json);
      expect(answer.status).toBe(422);
      return (answer.body.details as Body[]).map((detail) => detail.field);
    };
    // A read-only field the template leaves empty needs its value from every use.
    expect(await problems({})).toEqual(['recipients.buyer', 'fields.company']);
    expect(await problems({ recipients: { ...buyer, agent: { email: 'a@example.com', name: 'A' } }, fields })).toEqual(['recipients.agent']);
    expect(await problems({ recipients: buyer, fields: { ...fields, nickname: 'x' } })).toEqual(['fields.nickname']);
    expect(await problems({ recipients: buyer, fields: { ...fields, start_date: 'next week' } })).toEqual(['fields.start_date']);
    expect(await problems({ recipients: buyer, fields, documents: { nda: { base64: onePage } } })).toEqual(['placements.1.coordinates.page']);
    expect(await problems({ recipients: buyer, fields, documents: { appendix: { base64: onePage } } })).toEqual(['documents.appendix']);
    expect((await call('GET', `/api/v1/envelopes?template_id=${template.id}`)).body.envelopes).toEqual([]);
    const replaced = await use({ recipients: buyer, fields, documents: { nda: { base64: nda, name: 'nda-signed-copy.pdf' } }, name: 'Own name', settings: { signature_flow: { language: 'DE' } } });
    expect(replaced.status).toBe(200);
    expect(await envelope((replaced.body.envelope as Body).id)).toMatchObject({ name: 'Own name', documents: [{ file_name: 'nda-signed-copy.pdf' }], settings: { signature_flow: { language: 'DE' } } });
  }, 60_000);

  it('keeps templates to their tenant (404 on every route) and lists them by cursor and q', async () => {
    const mine = await createTemplate({ ...ndaForm(), name: 'Acme onboarding' }, KEYS.acme);
    await createTemplate({ ...ndaForm(), name: 'Acme renewal' }, KEYS.acme);
    const other = { key: KEYS.globex };
    expect((await call('GET', `/api/v1/templates/${mine.id}`, other)).status).toBe(404);
    expect((await call('PUT', `/api/v1/templates/${mine.id}`, { ...other, json: { name: 'x' } })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/templates/${mine.id}`, other)).status).toBe(404);
    expect((await call('POST', `/api/v1/templates/${mine.id}/envelopes`, { ...other, json: { recipients: { buyer: { email: 'b@example.com', name: 'B' } }, fields: { company: 'Acme' } } })).status).toBe(404);
    expect((await call('POST', '/api/v1/batches', { ...other, json: { operation: 'create_from_template', template_id: mine.id, items: [{}] } })).status).toBe(404);
    const acmeEnvelope = await call('POST', '/api/v1/envelopes', { key: KEYS.acme, form: { 'documents[0][base64]': onePage, 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' } });
    expect((await call('POST', '/api/v1/templates', { ...other, json: { from_envelope_id: (acmeEnvelope.body.envelope as Body).id } })).status).toBe(404);
    expect(((await call('GET', '/api/v1/templates?limit=100', other)).body.templates as Body[]).map((template) => template.id)).not.toContain(mine.id);

    const first = await call('GET', '/api/v1/templates?limit=1', { key: KEYS.acme });
    expect(first.body).toMatchObject({ templates: [{ name: 'Acme renewal' }], next_cursor: expect.any(String) });
    const second = await call('GET', `/api/v1/templates?limit=1&cursor=${first.body.next_cursor}`, { key: KEYS.acme });
    expect(second.body).toMatchObject({ templates: [{ name: 'Acme onboarding' }], next_cursor: null });
    expect((await call('GET', '/api/v1/templates?q=ONBOARD', { key: KEYS.acme })).body.templates).toMatchObject([{ id: mine.id }]);
  }, 60_000);

  it('replays a retried use with the same Idempotency-Key: one envelope (through the SDK\'s templates helpers)', async () => {
    const client = createSignetClient({ baseUrl: api.url, apiKey: KEYS.globex });
    const template = await client.templates.create({
      name: 'SDK NDA',
      documents: { nda: { base64: nda } },
      recipients: { buyer: {}, seller: { email: 'legal@seller.example', name: 'Seller Legal' } },
      placements: { 0: { document_key: 'nda', recipient_key: 'buyer', token: '{{buyer}}' }, 1: { document_key: 'nda', recipient_key: 'seller', coordinates: { page: '1', top: '500', left: '72' } } }
    } as never);
    const use = { recipients: { buyer: { email: 'retry@example.com', name: 'Retry' } } };
    const first = await client.templates.use(template.id, use, { idempotencyKey: `use-${template.id}` });
    const again = await call('POST', `/api/v1/templates/${template.id}/envelopes`, { json: use, headers: { 'idempotency-key': `use-${template.id}` } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body.envelope as Body).id).toBe(first.id);
    expect((await call('GET', `/api/v1/envelopes?template_id=${template.id}`)).body.envelopes).toHaveLength(1);
    expect(stable(await client.templates.get(template.id) as Body)).toEqual(stable(template as Body));
    expect((await client.templates.list({ q: 'sdk nda' })).templates.map((listed) => listed.id)).toEqual([template.id]);
    expect(await client.templates.update(template.id, { name: 'SDK NDA v2' })).toMatchObject({ name: 'SDK NDA v2' });
    await client.templates.delete(template.id);
    expect((await call('GET', `/api/v1/templates/${template.id}`)).status).toBe(404);
  }, 60_000);
});
