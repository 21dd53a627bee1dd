import { createHash } from 'node:crypto';
import knex, { Knex } from 'knex';
import type { ConsumedEvent } from '@signet/bus';
import { samplePdf, waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { announced } from './part-tables';

type Form = Record<string, string>;
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any


describe.each(INFRASTRUCTURE_MODES)('envelopes through the gateway, %s', (_mode, infrastructure) => {
  let api: TestSignet;
  let db: Knex;
  let closeInfrastructure: () => Promise<void>;
  let pdf: Buffer;
  let threePages: Buffer;

  const create = (form: Form, key: string = KEYS.globex) => api.call('POST', '/api/v1/envelopes', { key, form });
  const get = (id: string, key: string = KEYS.globex) => api.call('GET', `/api/v1/envelopes/${id}`, { key });
  const update = (id: string, form: Form, key: string = KEYS.globex) => api.call('PUT', `/api/v1/envelopes/${id}`, { key, form });
  const send = (id: string, key: string = KEYS.globex) => api.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key });
  const voidIt = (id: string, key: string = KEYS.globex) => api.call('PUT', `/api/v1/envelopes/${id}/void`, { key });
  const eventsOf = (id: string, type?: string): ConsumedEvent[] =>
    api.events.filter((event) => event.key === id && (type === undefined || event.event.event_type === type));

  function basicForm(extra: Form = {}): Form {
    return {
      'documents[contract][base64]': pdf.toString('base64'),
      'documents[contract][name]': 'contract.pdf',
      'recipients[signer_1][email]': 'ana@example.com',
      'recipients[signer_1][name]': 'Ana Lima',
      'recipients[signer_2][email]': 'ben@example.com',
      'recipients[signer_2][name]': 'Ben Ode',
      ...extra
    };
  }

  async function created(form: Form = basicForm()): Promise<Body> {
    const response = await create(form);
    expect(response.status).toBe(200);
    return response.body.envelope as Body;
  }

  beforeAll(async () => {
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    api = await startTestSignet(infra.env);
    db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string, searchPath: ['envelope'] });
    pdf = await samplePdf({ text: 'Please sign: {{signer_1}}' });
    threePages = await samplePdf({ pages: 3 });
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
    await closeInfrastructure();
  });

  describe('create and read', () => {
    it('reads an envelope on every pooled connection after a migration adds a column to envelopes', async () => {
      const envelope = await created();
      // Enough reads for each of the part's pooled connections to have prepared its read before the change.
      const readAll = () => Promise.all(Array.from({ length: 12 }, () => get(envelope.id)));
      expect((await readAll()).map((response) => response.status)).toEqual(Array(12).fill(200));
      await db.raw('ALTER TABLE envelopes ADD COLUMN added_by_a_later_version text');
      try {
        const after = await readAll();
        expect(after.map((response) => response.status)).toEqual(Array(12).fill(200));
        expect((after[0]?.body as Body).envelope.id).toBe(envelope.id);
      } finally {
        await db.raw('ALTER TABLE envelopes DROP COLUMN added_by_a_later_version');
      }
    });

    it('creates a CREATED envelope whose signers are PENDING, named after its first document', async () => {
      const response = await create(basicForm());
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        request_id: expect.any(String),
        envelope: {
          id: expect.any(String), name: 'contract.pdf', status: 'CREATED', created_at: expect.any(String),
          envelope_signers: [
            { name: 'Ana Lima', email: 'ana@example.com', order: 0, status: 'PENDING' },
            { name: 'Ben Ode', email: 'ben@example.com', order: 1, status: 'PENDING' }
          ]
        }
      });
    });

    it('shows documents with a working temporary download link and the effective settings', async () => {
      const envelope = await created(basicForm({ 'settings[signature_flow][language]': 'ES' }));
      const response = await get(envelope.id);
      expect(response.status).toBe(200);
      const shown = response.body.envelope as Body;
      expect(shown).toMatchObject({ id: envelope.id, status: 'CREATED', sent_at: null, completed_at: null, errors: [] });
      expect(shown.documents).toEqual([expect.objectContaining({
        file_name: 'contract.pdf', type: 'SIGNABLE', order: 0, page_count: 1, file_size: pdf.length, status: 'PENDING', url: expect.any(String)
      })]);
      expect(shown.settings).toMatchObject({ signature_flow: { language: 'ES' }, emails: { envelope_invitation: true } });
      const download = await fetch(shown.documents[0].url);
      expect(download.status).toBe(200);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
    });

    it('orders components by key, numeric keys numerically, unless an order is given', async () => {
      const envelope = await created({
        'documents[0][base64]': pdf.toString('base64'),
        'recipients[10][email]': 'ten@example.com', 'recipients[10][name]': 'Ten',
        'recipients[2][email]': 'two@example.com', 'recipients[2][name]': 'Two',
        'recipients[b][email]': 'bee@example.com', 'recipients[b][name]': 'Bee', 'recipients[b][order]': '0'
      });
      expect(envelope.envelope_signers.map((signer: Body) => [signer.custom_key, signer.order])).toEqual([['2', 0], ['b', 0], ['10', 1]]);
    });

    it('names a document with a random identifier when no name is given', async () => {
      const envelope = await created({ 'documents[0][base64]': pdf.toString('base64'), 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' });
      expect(envelope.name).toMatch(/^[0-9a-f]{16}\.pdf$/);
    });

    it('publishes envelope.created carrying the whole envelope', async () => {
      const envelope = await created();
      const [event] = await waitFor(() => eventsOf(envelope.id, 'envelope.created').length === 1 && eventsOf(envelope.id, 'envelope.created'), 20000, 'envelope.created');
      expect(event?.event.data).toMatchObject({
        id: envelope.id, status: 'CREATED', documents: [expect.objectContaining({ file_type: 'SIGNABLE', content_type: 'application/pdf' })],
        recipients: [expect.objectContaining({ custom_key: 'signer_1' }), expect.objectContaining({ custom_key: 'signer_2' })],
        settings: { documents: { include_page_id: 'TRUE' }, emails: { envelope_invitation: 'TRUE' } },
        errors: [], warnings: []
      });
      expect(event?.headers.tenantId).toBe('globex');
    });
  });

  describe('invalid input: 422 with field details, nothing stored', () => {
    async function envelopeCount(): Promise<number> {
      const [row] = await db('envelopes').count({ n: '*' });
      return Number(row?.n);
    }

    it.each([
      ['a recipient without email', { 'recipients[signer_1][email]': '' }, 'recipients.signer_1.email'],
      ['a malformed email', { 'recipients[signer_1][email]': 'not-an-email' }, 'recipients.signer_1.email'],
      ['an unknown document type', { 'documents[contract][type]': 'DRAFT' }, 'documents.contract.type'],
      ['a placement with only some coordinates', { 'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'signer_1', 'placements[0][coordinates][top]': '100' }, 'placements.0.coordinates'],
      ['invalid base64', { 'documents[contract][base64]': '***not base64***' }, 'documents.contract.base64'],
      ['a document that is not a PDF', { 'documents[contract][base64]': Buffer.from('just some text, not a PDF').toString('base64') }, 'documents.contract.base64'],
      ['a polluting field name', { 'recipients[__proto__][email]': 'x@example.com' }, 'recipients[__proto__][email]'],
      ['an unknown field', { 'recipients[signer_1][nickname]': 'Annie' }, 'recipients.signer_1.nickname'],
      ['an invalid setting', { 'settings[signature][type]': 'HANDWAVE' }, 'settings.signature.type'],
      ['a client-chosen status (no mass assignment)', { status: 'SUCCESS' }, 'status'],
      ['a client-chosen id', { id: 'my-own-id' }, 'id']
    ])('refuses %s', async (_case, override, field) => {
      const before = await envelopeCount();
      const response = await create(basicForm(override as Form));
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', request_id: expect.any(String) });
      expect((response.body.details as Body[]).map((detail) => detail.field)).toContain(field);
      expect(await envelopeCount()).toBe(before);
      expect(({} as Body).email).toBeUndefined();
    });

    it('says "invalid PDF content" for a non-PDF document', async () => {
      const response = await create(basicForm({ 'documents[contract][base64]': Buffer.from('hello').toString('base64') }));
      expect((response.body.details as Body[])[0]?.message).toMatch(/invalid PDF content/);
    });

    it('refuses a form without recipients', async () => {
      const response = await create({ 'documents[0][base64]': pdf.toString('base64') });
      expect(response.status).toBe(422);
      expect((response.body.details as Body[]).map((detail) => detail.field)).toContain('recipients');
    });
  });

  describe('ERROR and its repair', () => {
    it('stores fixable problems as ERROR, refuses to send it, and a PUT that fixes them makes it CREATED', async () => {
      const envelope = await created(basicForm({
        'placements[0][document_key]': 'missing', 'placements[0][recipient_key]': 'signer_1',
        'placements[1][document_key]': 'contract', 'placements[1][recipient_key]': 'signer_1',
        'placements[1][coordinates][top]': '100', 'placements[1][coordinates][left]': '100', 'placements[1][coordinates][page]': '4',
        'placements[2][document_key]': 'contract', 'placements[2][recipient_key]': 'signer_2', 'placements[2][token]': '{{nowhere}}'
      }));
      expect(envelope.status).toBe('ERROR');
      expect(envelope.errors.map((error: Body) => [error.field, error.code])).toEqual([
        ['placements.0.document_key', 'UNKNOWN_DOCUMENT'],
        ['placements.1.coordinates.page', 'PAGE_OUT_OF_RANGE'],
        ['placements.2.token', 'TOKEN_NOT_FOUND']
      ]);
      const refused = await send(envelope.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/not in CREATED status/);

      const stillBroken = await update(envelope.id, { 'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'nobody' });
      expect(stillBroken.status).toBe(200);
      expect(stillBroken.body.envelope).toMatchObject({ status: 'ERROR', errors: [{ code: 'UNKNOWN_RECIPIENT' }] });

      const fixed = await update(envelope.id, {
        'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'signer_1', 'placements[0][token]': '{{signer_1}}',
        'placements[1][document_key]': 'contract', 'placements[1][recipient_key]': 'signer_2', 'placements[1][type]': 'WITNESS',
        'placements[1][coordinates][top]': '700', 'placements[1][coordinates][left]': '300', 'placements[1][coordinates][page]': '0'
      });
      expect(fixed.body.envelope).toMatchObject({ status: 'CREATED', errors: [] });
      expect((fixed.body.envelope as Body).placements).toEqual([
        expect.objectContaining({ custom_key: '0', placement_type: 'SIGNATURE', token: '{{signer_1}}', coordinates: null }),
        expect.objectContaining({ custom_key: '1', placement_type: 'WITNESS', coordinates: expect.objectContaining({ top: '700', left: '300', page: '0' }) })
      ]);
      expect((await send(envelope.id)).status).toBe(200);
    });
  });

  describe('update', () => {
    it('replaces only the components sent, and merges settings', async () => {
      const envelope = await created(basicForm({ 'settings[emails][envelope_voided]': 'FALSE' }));
      const recipientsOnly = await update(envelope.id, { 'recipients[new][email]': 'new@example.com', 'recipients[new][name]': 'New Person' });
      expect(recipientsOnly.status).toBe(200);
      const shown = recipientsOnly.body.envelope as Body;
      expect(shown.envelope_signers.map((signer: Body) => signer.email)).toEqual(['new@example.com']);
      expect(shown.documents.map((document: Body) => document.file_name)).toEqual(['contract.pdf']);

      const documentsAndSettings = await update(envelope.id, {
        'documents[a][base64]': threePages.toString('base64'), 'documents[a][name]': 'three.pdf',
        'documents[b][base64]': pdf.toString('base64'), 'documents[b][name]': 'annex.pdf', 'documents[b][type]': 'ATTACHMENT',
        'settings[signature][type]': 'FULL', name: 'Renamed'
      });
      const replaced = documentsAndSettings.body.envelope as Body;
      expect(replaced.name).toBe('Renamed');
      expect(replaced.documents.map((document: Body) => [document.file_name, document.page_count, document.type])).toEqual([
        ['three.pdf', 3, 'SIGNABLE'], ['annex.pdf', 1, 'ATTACHMENT']
      ]);
      expect(replaced.settings).toMatchObject({ signature: { type: 'FULL' }, emails: { envelope_voided: false } });
      expect(replaced.envelope_signers.map((signer: Body) => signer.email)).toEqual(['new@example.com']);
      await waitFor(() => eventsOf(envelope.id, 'envelope.updated').length === 2, 20000, 'two envelope.updated events');
    });
  });

  describe('send', () => {
    it('moves to IN_PROGRESS, gives every recipient a link, and publishes the events (PARALLEL)', async () => {
      const envelope = await created();
      const response = await send(envelope.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, request_id: expect.any(String) });
      const shown = (await get(envelope.id)).body.envelope as Body;
      expect(shown.status).toBe('IN_PROGRESS');
      expect(shown.sent_at).toEqual(expect.any(String));
      expect(shown.envelope_signers.map((signer: Body) => signer.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);

      // Each event type is its own topic: they arrive in order per topic, not across topics.
      await waitFor(() => eventsOf(envelope.id, 'recipient.in_progress').length === 2 && eventsOf(envelope.id, 'envelope.in_progress').length === 1
        && eventsOf(envelope.id, 'recipient.link_generated').length === 2, 20000, 'the send events');
      expect(eventsOf(envelope.id, 'envelope.in_progress')[0]?.event.data).toMatchObject({ status: 'IN_PROGRESS', sent_at: expect.any(String) });
      const links = eventsOf(envelope.id, 'recipient.link_generated').map((event) => (event.event.data as Body).signing_url as string);
      expect(links).toHaveLength(2);
      expect(new Set(links).size).toBe(2);
      for (const link of links) expect(link).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);
    });

    it('invites only the first in order for SEQUENTIAL', async () => {
      const envelope = await created(basicForm({ 'settings[signature_flow][signature_order]': 'SEQUENTIAL' }));
      await send(envelope.id);
      const shown = (await get(envelope.id)).body.envelope as Body;
      expect(shown.envelope_signers.map((signer: Body) => signer.status)).toEqual(['IN_PROGRESS', 'PENDING']);
      await waitFor(() => eventsOf(envelope.id, 'recipient.link_generated').length === 2 && eventsOf(envelope.id, 'recipient.in_progress').length === 1, 20000, 'links');
      expect(eventsOf(envelope.id, 'recipient.in_progress').map((event) => (event.event.data as Body).custom_key)).toEqual(['signer_1']);
    });

    it('sends only once, and never an envelope without documents', async () => {
      const envelope = await created();
      expect((await send(envelope.id)).status).toBe(200);
      const again = await send(envelope.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/not in CREATED status/) });
      const empty = await created({ 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' });
      expect(empty.name).toBe('Untitled envelope');
      const refused = await send(empty.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/no documents/);
    });

    it('refuses updates once sent (405)', async () => {
      const envelope = await created();
      await send(envelope.id);
      const response = await update(envelope.id, { name: 'Too late' });
      expect(response.status).toBe(405);
      expect(response.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', request_id: expect.any(String) });
    });
  });

  describe('void', () => {
    it('voids from CREATED and IN_PROGRESS, once, and then refuses updates and sending', async () => {
      const draft = await created();
      const voided = await voidIt(draft.id);
      expect(voided.status).toBe(200);
      expect(voided.body).toMatchObject({ success: true, envelope: { status: 'VOIDED' } });
      const sent = await created();
      await send(sent.id);
      expect((await voidIt(sent.id)).body.envelope).toMatchObject({ status: 'VOIDED' });
      expect((await voidIt(sent.id)).status).toBe(200);
      // Each void answered after committing whatever it announced: the outbox now holds every envelope.voided there will be.
      expect((await announced(api, 'envelope', 'envelope.voided', sent.id)).map((event) => event.id)).toHaveLength(1);
      await waitFor(() => eventsOf(sent.id, 'envelope.voided').length === 1, 20000, 'envelope.voided');
      expect(eventsOf(sent.id, 'envelope.voided')).toHaveLength(1);
      expect((await update(sent.id, { name: 'x' })).status).toBe(405);
      expect((await send(sent.id)).status).toBe(409);
      const revoked = await db('recipients').where({ envelope_id: sent.id }).whereNull('access_revoked_at');
      expect(revoked).toHaveLength(0);
    });

    it('cannot void or update an envelope in SUCCESS', async () => {
      const envelope = await created();
      // Signing (which reaches SUCCESS) is another part's work; the state is set directly here.
      await db('envelopes').where({ id: envelope.id }).update({ status: 'SUCCESS' });
      const refused = await voidIt(envelope.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/Cannot void an envelope in SUCCESS/);
      expect((await update(envelope.id, { name: 'x' })).status).toBe(405);
    });
  });

  describe('tenancy and limits', () => {
    it("answers 404 for another tenant's envelope on every route", async () => {
      const envelope = await created();
      expect((await get(envelope.id, KEYS.acme)).status).toBe(404);
      expect((await update(envelope.id, { name: 'x' }, KEYS.acme)).status).toBe(404);
      expect((await send(envelope.id, KEYS.acme)).status).toBe(404);
      expect((await voidIt(envelope.id, KEYS.acme)).status).toBe(404);
      expect((await get(envelope.id)).body.envelope).toMatchObject({ status: 'CREATED', name: 'contract.pdf' });
    });

    it('addresses every event of an envelope to the key that created it, whichever key of the tenant acts', async () => {
      const envelope = await created();
      expect((await send(envelope.id, KEYS.globexSecond)).status).toBe(200);
      await waitFor(() => eventsOf(envelope.id, 'envelope.created').length === 1 && eventsOf(envelope.id, 'envelope.in_progress').length === 1, 20000, 'events');
      const creator = eventsOf(envelope.id, 'envelope.created')[0]?.headers.apiKeyId;
      expect(eventsOf(envelope.id, 'envelope.in_progress')[0]?.headers.apiKeyId).toBe(creator);
      await waitFor(() => eventsOf(envelope.id, 'recipient.link_generated').length === 2, 20000, 'links');
      for (const event of eventsOf(envelope.id, 'recipient.link_generated')) expect(event.headers.apiKeyId).toBe(creator);
    });

    it('refuses the 11th creation in an hour on the starter plan with 429 and Retry-After', async () => {
      const form = { 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' };
      for (let index = 0; index < 10; index += 1) {
        const response = await create(form, KEYS.acme);
        expect(response.status).toBe(200);
        expect(response.headers.get('x-ratelimit-remaining')).toBe(String(9 - index));
      }
      const refused = await create(form, KEYS.acme);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', request_id: expect.any(String) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('10');
    });
  });
});
