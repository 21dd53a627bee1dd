import { samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

type Form = Record<string, string>;
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Envelope metadata and GET /api/v1/envelopes (search, filters, keyset paging), through the gateway. */
describe('envelope metadata and search', () => {
  let api: TestSignet;
  let pdf: Buffer;

  const form = (name: string, extra: Form = {}): Form => ({
    name,
    'documents[0][base64]': pdf.toString('base64'),
    'documents[0][name]': `${name.replace(/\s/g, '-')}.pdf`,
    'recipients[0][email]': 'ana@example.com',
    'recipients[0][name]': 'Ana Lima',
    ...extra
  });
  async function create(name: string, extra: Form = {}, key: string = KEYS.globex): Promise<Body> {
    const answer = await api.call('POST', '/api/v1/envelopes', { key, form: form(name, extra) });
    expect(answer.status).toBe(200);
    return answer.body.envelope as Body;
  }
  const list = async (query: string, key: string = KEYS.globex) => api.call('GET', `/api/v1/envelopes${query ? `?${query}` : ''}`, { key });
  const namesOf = (body: Body): string[] => (body.envelopes as Body[]).map((envelope) => envelope.name);

  /** Every envelope a filter finds, following next_cursor to the end. */
  async function walk(query: string, key: string = KEYS.globex, from: string | null = null): Promise<Body[]> {
    const found: Body[] = [];
    let cursor: string | null = from;
    do {
      const answer = await list(`${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
      expect(answer.status).toBe(200);
      found.push(...(answer.body.envelopes as Body[]));
      cursor = answer.body.next_cursor as string | null;
    } while (cursor);
    return found;
  }

  beforeAll(async () => {
    api = await startTestSignet();
    pdf = await samplePdf({});
  });

  afterAll(async () => {
    await api.close();
  });

  describe('metadata', () => {
    it('keeps metadata[key]=value from create, shows it on create and GET, and carries it in envelope events', async () => {
      const created = await create('with metadata', { 'metadata[crm_id]': 'opp-1042', 'metadata[region]': 'EU' });
      expect(created.metadata).toEqual({ crm_id: 'opp-1042', region: 'EU' });
      const shown = await api.call('GET', `/api/v1/envelopes/${created.id}`, { key: KEYS.globex });
      expect((shown.body.envelope as Body).metadata).toEqual({ crm_id: 'opp-1042', region: 'EU' });
      const event = await waitFor(() => api.events.find((candidate) => candidate.key === created.id && candidate.event.event_type === 'envelope.created'));
      expect((event.event.data as Body).metadata).toEqual({ crm_id: 'opp-1042', region: 'EU' });
    });

    it('merges metadata on update: keys sent replace theirs, an empty value removes its key, the rest stay', async () => {
      const created = await create('metadata update', { 'metadata[crm_id]': 'opp-1', 'metadata[region]': 'EU', 'metadata[team]': 'sales' });
      const updated = await api.call('PUT', `/api/v1/envelopes/${created.id}`, { key: KEYS.globex, form: { 'metadata[crm_id]': 'opp-2', 'metadata[region]': '' } });
      expect(updated.status).toBe(200);
      expect((updated.body.envelope as Body).metadata).toEqual({ crm_id: 'opp-2', team: 'sales' });
      const event = await waitFor(() => api.events.find((candidate) => candidate.key === created.id && candidate.event.event_type === 'envelope.updated'));
      expect((event.event.data as Body).metadata).toEqual({ crm_id: 'opp-2', team: 'sales' });
    });

    it('refuses bad keys, long values and more than 50 keys with 422 field details, storing nothing', async () => {
      const badKey = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('bad metadata', { 'metadata[has space]': 'x' }) });
      expect(badKey).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', details: [{ field: 'metadata.has space' }] } });
      const longValue = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('bad metadata', { 'metadata[note]': 'x'.repeat(501) }) });
      expect(longValue).toMatchObject({ status: 422, body: { details: [{ field: 'metadata.note' }] } });
      const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`metadata[k${index}]`, 'v']));
      expect((await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('bad metadata', many) })).status).toBe(422);
      expect(namesOf((await list('q=bad%20metadata')).body)).toEqual([]);
    });
  });

  describe('GET /api/v1/envelopes', () => {
    const names = ['list alpha', 'list beta', 'list gamma', 'list delta', 'list epsilon'];
    let listed: Body[];

    beforeAll(async () => {
      listed = [];
      for (const name of names) {
        listed.push(await create(name, {
          'metadata[batch]': 'listing', 'metadata[tier]': name === 'list beta' || name === 'list delta' ? 'gold' : 'silver',
          ...(name === 'list gamma' ? { 'recipients[1][email]': 'Carla.Diaz@Example.com', 'recipients[1][name]': 'Carla Diaz' } : {})
        }));
      }
    });

    it('lists newest first with summaries and pages by cursor to the end, or oldest first with order=asc', async () => {
      const first = await list('metadata[batch]=listing&limit=2');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ request_id: expect.any(String), next_cursor: expect.any(String) });
      expect(namesOf(first.body)).toEqual(['list epsilon', 'list delta']);
      expect((first.body.envelopes as Body[])[0]).toEqual({
        id: listed[4]?.id, name: 'list epsilon', status: 'CREATED', created_at: expect.any(String), updated_at: expect.any(String),
        sent_at: null, completed_at: null, voided_at: null, metadata: { batch: 'listing', tier: 'silver' }, template_id: null,
        envelope_signers: [{ id: expect.any(String), custom_key: '0', name: 'Ana Lima', email: 'ana@example.com', order: 0, status: 'PENDING', signed_at: null, role: 'SIGNER', witness_of: null, identity: null }]
      });
      expect((await walk('metadata[batch]=listing')).map((envelope) => envelope.name)).toEqual([...names].reverse());
      expect((await walk('metadata[batch]=listing&order=asc')).map((envelope) => envelope.name)).toEqual(names);
      const whole = await list('metadata[batch]=listing');
      expect(whole.body.next_cursor).toBeNull();
    });

    it('keeps paging stable while new envelopes are created: no envelope skipped or repeated', async () => {
      const first = await list('metadata[batch]=listing&limit=2');
      await create('list newcomer', { 'metadata[batch]': 'listing' });
      const rest = await walk('metadata[batch]=listing', KEYS.globex, first.body.next_cursor as string);
      expect([...namesOf(first.body), ...rest.map((envelope) => envelope.name)]).toEqual([...names].reverse());
    });

    it('filters by status, dates, recipient email, text and metadata', async () => {
      const sent = listed[1] as Body;
      expect((await api.call('POST', `/api/v1/envelopes/${sent.id}/send_invitation`, { key: KEYS.globex })).status).toBe(200);
      const voided = listed[2] as Body;
      expect((await api.call('PUT', `/api/v1/envelopes/${voided.id}/void`, { key: KEYS.globex })).status).toBe(200);

      expect(namesOf((await list('metadata[batch]=listing&status=IN_PROGRESS')).body)).toEqual(['list beta']);
      expect(namesOf((await list('metadata[batch]=listing&status=VOIDED,IN_PROGRESS')).body)).toEqual(['list gamma', 'list beta']);
      const sentAt = ((await api.call('GET', `/api/v1/envelopes/${sent.id}`, { key: KEYS.globex })).body.envelope as Body).sent_at as string;
      expect(namesOf((await list(`metadata[batch]=listing&sent_after=${encodeURIComponent(sentAt)}`)).body)).toEqual(['list beta']);
      expect(namesOf((await list(`metadata[batch]=listing&sent_before=${encodeURIComponent(sentAt)}`)).body)).toEqual([]);
      expect(namesOf((await list('metadata[batch]=listing&completed_after=2020-01-01')).body)).toEqual([]);
      const third = listed[2]?.created_at as string;
      expect(namesOf((await list(`metadata[batch]=listing&created_after=${encodeURIComponent(third)}&created_before=${encodeURIComponent(listed[4]?.created_at as string)}`)).body))
        .toEqual(['list delta', 'list gamma']);
      expect(namesOf((await list('recipient_email=carla.diaz@example.COM')).body)).toEqual(['list gamma']);
      expect(namesOf((await list('q=EPSIL')).body)).toEqual(['list epsilon']);
      expect(namesOf((await list('q=list-delta.pdf')).body)).toEqual(['list delta']);
      // Every word is in list epsilon's text, but not this text: q is matched whole, not word by word.
      expect(namesOf((await list('q=epsilon-list.pdf')).body)).toEqual([]);
      expect(namesOf((await list('q=carla%20diaz')).body)).toEqual(['list gamma']);
      expect(namesOf((await list('q=100%25')).body)).toEqual([]);
      expect(namesOf((await list('metadata[batch]=listing&metadata[tier]=gold')).body)).toEqual(['list delta', 'list beta']);
      expect(namesOf((await list('metadata[tier]=gold&status=CREATED')).body)).toEqual(['list delta']);
    });

    it('answers 422 with field details for invalid filters', async () => {
      const answer = await list('status=DONE&limit=101&created_after=yesterday&order=up&colour=red');
      expect(answer.status).toBe(422);
      const fields = (answer.body.details as Body[]).map((detail) => detail.field);
      expect(fields).toEqual(expect.arrayContaining(['status', 'limit', 'created_after', 'order']));
      expect((await list('limit=0')).status).toBe(422);
      expect((await list('created_after=2026-02-30T10:00:00Z')).body).toMatchObject({ details: [{ field: 'created_after' }] });
      expect((await list('cursor=not-a-cursor')).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cursor' }] });
      const desc = await list('metadata[batch]=listing&limit=1');
      expect((await list(`order=asc&cursor=${encodeURIComponent(desc.body.next_cursor as string)}`)).body).toMatchObject({ details: [{ field: 'order' }] });
      expect((await list('metadata[bad key]=x')).body).toMatchObject({ details: [{ field: 'metadata.bad key' }] });
    });

    it("shows a tenant only its own envelopes, whatever the filter or cursor", async () => {
      const mine = await create('acme private', { 'metadata[batch]': 'listing' }, KEYS.acmeSecond);
      const acme = await walk('metadata[batch]=listing', KEYS.acmeSecond);
      expect(acme.map((envelope) => envelope.id)).toEqual([mine.id]);
      expect(namesOf((await list('q=list', KEYS.acmeSecond)).body)).toEqual([]);
      expect(namesOf((await list('q=acme')).body)).toEqual([]);
      const globexCursor = (await list('metadata[batch]=listing&limit=1')).body.next_cursor as string;
      const followed = await list(`cursor=${encodeURIComponent(globexCursor)}`, KEYS.acmeSecond);
      expect((followed.body.envelopes as Body[]).every((envelope) => envelope.id === mine.id)).toBe(true);
    });
  });

  it('writes a new envelope\'s search columns as a later change rewrites them (the create computes them itself)', async () => {
    const created = await create('Énergie Lease', {
      'documents[1][base64]': pdf.toString('base64'),
      'documents[1][name]': 'Annex B.pdf',
      'documents[1][order]': '0',
      'documents[0][order]': '1',
      'recipients[1][email]': 'Bruno.Costa@Example.COM',
      'recipients[1][name]': 'Bruno Costa',
      'recipients[1][order]': '0',
      'recipients[0][order]': '1'
    });
    const read = () => api.tables('envelope.envelopes').where({ id: created.id }).first('search_text', 'recipient_emails');
    const atCreate = await read();
    expect(atCreate.search_text).toContain('bruno.costa@example.com');
    // Renaming to the same name makes the store rewrite the columns from the stored rows, in SQL.
    expect((await api.call('PUT', `/api/v1/envelopes/${created.id}`, { key: KEYS.globex, form: { name: 'Énergie Lease' } })).status).toBe(200);
    expect(await read()).toEqual(atCreate);
    expect(namesOf((await list('q=annex%20b')).body)).toContain('Énergie Lease');
    expect(namesOf((await list('recipient_email=BRUNO.COSTA%40example.com')).body)).toContain('Énergie Lease');
  });
});
