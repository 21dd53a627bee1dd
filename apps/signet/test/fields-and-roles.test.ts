import { createHash } from 'node:crypto';
import { pdftotext, samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { at, sentWithRoles, uploadAttachment } from './fields/flows';
import { session, sign, written } from './signing/flows';
import { createWebhook, verifySignature } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROLES = {
  ana: { name: 'Ana Lima' },
  wit: { name: 'Walter Witt', role: 'WITNESS', witness_of: 'ana' },
  boss: { name: 'Bea Boss', role: 'APPROVER' },
  vic: { name: 'Vic Viewer', role: 'VIEWER' },
  cc: { name: 'Cora Copy', role: 'CC' }
};

/** One field of every type for ana (INITIALS on page 1), the signature on its token; on page 1 the approval with a field of the approver's, and the witness. */
const EVERY_FIELD = {
  'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
  ...at(1, 'ana', 'INITIALS', 80, 1, { name: 'initials' }),
  ...at(2, 'ana', 'TEXT', 120, 0, { name: 'company', pattern: '[A-Z].*' }),
  ...at(3, 'ana', 'TEXT', 160, 0, { name: 'note', required: 'FALSE' }),
  ...at(4, 'ana', 'NUMBER', 200, 0, { name: 'amount', min: '0', max: '1000000' }),
  ...at(5, 'ana', 'DATE', 240, 0, { name: 'start_date', min: '2026-01-01' }),
  ...at(6, 'ana', 'CHECKBOX', 280, 0, { name: 'agree', required: 'TRUE' }),
  ...at(7, 'ana', 'RADIO', 320, 0, { name: 'plan', options: 'Basic,Premium' }),
  ...at(8, 'ana', 'DROPDOWN', 360, 0, { name: 'country', options: 'Spain,Chile,Peru' }),
  ...at(9, 'ana', 'EMAIL', 400, 0, { name: 'contact_email' }),
  ...at(10, 'ana', 'NAME', 440, 0, { name: 'full_name' }),
  ...at(11, 'ana', 'SIGNING_DATE', 480, 0, { name: 'signed_on' }),
  ...at(12, 'ana', 'ATTACHMENT', 520, 0, { name: 'id_document', width: '300' }),
  ...at(13, 'boss', 'APPROVAL', 200, 1),
  ...at(14, 'wit', 'WITNESS', 400, 1),
  ...at(15, 'boss', 'TEXT', 240, 1, { name: 'po_number' })
};

const ANA_VALUES = {
  initials: 'AL', company: 'Acme Ltd', note: 'Привет 東京', amount: '1250.5', start_date: '2026-12-01', agree: true,
  plan: 'Premium', country: 'Chile', contact_email: 'billing@acme.example'
};

describe('fields and recipient roles through the gateway, monolith mode', () => {
  let api: TestSignet;
  let receiver: Receiver;

  const get = async (id: string) => (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
  const eventsOf = (id: string, type: string) => api.events.filter((event) => event.key === id && event.event.event_type === type);

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('refuses invalid field placements and placements a role cannot fill, naming each path', async () => {
    const answer = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: {
        'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana',
        'recipients[cc][email]': 'cc@example.com', 'recipients[cc][name]': 'Cc', 'recipients[cc][role]': 'CC',
        'recipients[w][email]': 'w@example.com', 'recipients[w][name]': 'W', 'recipients[w][role]': 'WITNESS',
        ...at(0, 'ana', 'RADIO', 100), ...at(1, 'ana', 'NUMBER', 140, 0, { min: '9', max: '1' }), ...at(2, 'cc', 'TEXT', 180)
      }
    });
    expect(answer.status).toBe(422);
    expect(answer.body.details).toEqual([
      { field: 'placements.0.options', message: 'give at least two comma-separated options' },
      { field: 'placements.1.max', message: 'must not be less than min' },
      { field: 'recipients.w.witness_of', message: 'is required for a WITNESS: the key of the signer they witness' },
      { field: 'placements.2.type', message: 'a CC recipient cannot fill a TEXT placement' }
    ]);
  });

  it('fills one field of every type with all five roles over the signing API; GET, webhooks, the signed PDF and the evidence carry every value', async () => {
    const hook = await createWebhook(api.call, KEYS.globex, {
      url: `${receiver.url}/fields`, auth_type: 'header', auth: 'Bearer hook',
      subscriptions: 'recipient.signed_all,recipient.approved,recipient.witnessed,recipient.copied,envelope.success'
    });
    const envelope = await sentWithRoles(api, KEYS.globex, ROLES, EVERY_FIELD);
    expect(Object.keys(envelope.tokens).sort()).toEqual(['ana', 'boss', 'vic', 'wit']);
    expect((await get(envelope.id)).envelope_signers.map((signer: Body) => [signer.custom_key, signer.role, signer.status])).toEqual([
      ['ana', 'SIGNER', 'IN_PROGRESS'], ['boss', 'APPROVER', 'IN_PROGRESS'], ['cc', 'CC', 'COPIED'], ['vic', 'VIEWER', 'IN_PROGRESS'], ['wit', 'WITNESS', 'IN_PROGRESS']
    ]);

    // The session lists ana's fields with what the page needs to ask for them.
    const placements = ((await session(api, envelope.tokens.ana as string)).body.documents as Body[])[0]?.placements as Body[];
    expect(placements.find((placement) => placement.name === 'plan')).toMatchObject({ type: 'RADIO', options: ['Basic', 'Premium'], required: true, page: 0, top: 320, left: 72 });
    expect(placements.find((placement) => placement.name === 'full_name')).toMatchObject({ type: 'NAME', default_value: 'Ana Lima', readonly: true });
    // The witness acts only after the signer they witness.
    expect((await session(api, envelope.tokens.wit as string)).body.state).toBe('NOT_YOUR_TURN');

    const idPdf = await samplePdf({ text: 'Passport of Ana Lima' });
    expect((await uploadAttachment(api, envelope.tokens.ana as string, Buffer.from('not a file'), 'id.txt', 'text/plain')).status).toBe(422);
    expect((await uploadAttachment(api, envelope.tokens.boss as string, idPdf, 'id.pdf', 'application/pdf')).status).toBe(409);
    const uploaded = await uploadAttachment(api, envelope.tokens.ana as string, idPdf, 'passport.pdf', 'application/pdf');
    expect(uploaded).toMatchObject({ status: 201, body: { attachment: { id: expect.any(String) } } });
    const values = { ...ANA_VALUES, id_document: uploaded.body.attachment.id };

    // The server checks every value: nothing is recorded on a 422.
    const { company: _company, ...withoutCompany } = values;
    const missing = await sign(api, envelope.tokens.ana as string, { ...written('Ana Lima'), fields: withoutCompany });
    expect(missing).toMatchObject({ status: 422, body: { details: [{ field: 'fields.company', message: 'is required' }] } });
    const badOption = await sign(api, envelope.tokens.ana as string, { ...written('Ana Lima'), fields: { ...values, plan: 'Gold' } });
    expect(badOption).toMatchObject({ status: 422, body: { details: [{ field: 'fields.plan', message: 'must be one of: Basic, Premium' }] } });
    expect((await get(envelope.id)).fields.every((field: Body) => field.value === null && field.filled_at === null)).toBe(true);

    expect((await sign(api, envelope.tokens.ana as string, { ...written('Ana Lima'), fields: values })).status).toBe(200);
    expect((await session(api, envelope.tokens.wit as string)).body.state).toBe('READY');
    expect((await sign(api, envelope.tokens.wit as string, written('Walter Witt'))).status).toBe(200);
    // An APPROVER approves with consent (no signature) and fills their own fields, checked as a signer's are.
    const unfilled = await sign(api, envelope.tokens.boss as string, { consent: true });
    expect(unfilled).toMatchObject({ status: 422, body: { details: [{ field: 'fields.po_number', message: 'is required' }] } });
    expect((await sign(api, envelope.tokens.boss as string, { consent: true, fields: { po_number: 'PO-7731' } })).status).toBe(200);

    // vic (VIEWER) never opened the link and cc has none: neither holds up completion.
    const done = await waitFor(async () => {
      const shown = await get(envelope.id);
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    expect(done.envelope_signers.map((signer: Body) => signer.status)).toEqual(['SIGNED', 'APPROVED', 'COPIED', 'IN_PROGRESS', 'WITNESSED']);
    const today = new Date().toISOString().slice(0, 10);
    const byName: Record<string, Body> = Object.fromEntries((done.fields as Body[]).map((field) => [field.name, field]));
    expect(Object.fromEntries(Object.entries(byName).map(([name, field]) => [name, field.value]))).toEqual({
      initials: 'AL', company: 'Acme Ltd', note: 'Привет 東京', amount: 1250.5, start_date: '2026-12-01', agree: true, plan: 'Premium',
      country: 'Chile', contact_email: 'billing@acme.example', full_name: 'Ana Lima', signed_on: today, po_number: 'PO-7731',
      id_document: { id: values.id_document, name: 'passport.pdf', sha256: createHash('sha256').update(idPdf).digest('hex'), url: expect.any(String) }
    });
    expect(byName.company).toMatchObject({ type: 'TEXT', recipient_id: done.envelope_signers[0].id, document_id: done.documents[0].id, filled_at: expect.any(String) });
    expect(byName.po_number).toMatchObject({ type: 'TEXT', recipient_id: done.envelope_signers[1].id, filled_at: expect.any(String) });
    const downloaded = Buffer.from(await (await fetch(byName.id_document!.value.url)).arrayBuffer());
    expect(createHash('sha256').update(downloaded).digest('hex')).toBe(byName.id_document!.value.sha256);

    // Webhooks, verified with the Standard Webhooks library.
    const deliveries = await receiver.waitForCount('/fields', 5, 30_000);
    for (const delivery of deliveries) expect(verifySignature(hook.secret, delivery)).toBeTruthy();
    const delivered = (type: string) => deliveries.find((delivery) => delivery.event.event_type === type)?.event.data as Body;
    expect(delivered('recipient.copied')).toMatchObject({ custom_key: 'cc', role: 'CC', status: 'COPIED' });
    expect(delivered('recipient.approved')).toMatchObject({ custom_key: 'boss', status: 'APPROVED' });
    expect(delivered('recipient.witnessed')).toMatchObject({ custom_key: 'wit', status: 'WITNESSED', witness_of: 'ana' });
    // The delivery log lists Signet's own events (an approval, a witnessing) like the API's, as the OpenAPI document says.
    const log = await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key: KEYS.globex });
    expect(log.status).toBe(200);
    expect((log.body.deliveries as Body[]).map((delivery) => delivery.event_type)).toEqual(expect.arrayContaining(['recipient.approved', 'recipient.witnessed']));
    const signedFields = Object.fromEntries((delivered('recipient.signed_all').fields as Body[]).map((field) => [field.name, field.value]));
    expect(signedFields).toMatchObject({ company: 'Acme Ltd', amount: 1250.5, agree: true, plan: 'Premium', id_document: { sha256: byName.id_document!.value.sha256 } });
    const successFields = await waitFor(() => {
      const success = receiver.at('/fields').find((delivery) => delivery.event.event_type === 'envelope.success');
      return success && (success.event.data.fields as Body[]);
    }, 30_000, 'envelope.success delivered');
    expect(Object.fromEntries(successFields.map((field) => [field.name, field.value]))).toMatchObject({ country: 'Chile', full_name: 'Ana Lima', signed_on: today });

    // The signed PDF shows every value as text at its place; the checkbox's tick reads Yes, the approval Approved.
    const signedPdf = Buffer.from(await (await fetch(done.documents[0].url)).arrayBuffer());
    const text = pdftotext(signedPdf);
    for (const shown of ['AL', 'Acme Ltd', 'Привет 東京', '1250.5', '2026-12-01', 'Yes', 'Premium', 'Chile', 'billing@acme.example', 'Ana Lima', today, 'passport.pdf', 'Approved', 'Bea Boss', 'Walter Witt', 'PO-7731']) {
      expect(text).toContain(shown);
    }

    // The evidence sheet lists every value, who filled it and when, the roles and the attachment's SHA-256.
    const evidence = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${envelope.id}/evidence`, { key: KEYS.globex });
      return answer.status === 200 && (answer.body as Body);
    }, 60_000, 'the evidence sheet');
    const sheet = pdftotext(Buffer.from(await (await fetch(evidence.evidence_document_url)).arrayBuffer())).replace(/\s+/g, ' ');
    for (const shown of ['company [TEXT]: Acme Ltd (filled by Ana Lima', 'po_number [TEXT]: PO-7731 (filled by Bea Boss', 'plan [RADIO]: Premium', 'agree [CHECKBOX]: Yes', 'id_document [ATTACHMENT]: passport.pdf',
      byName.id_document!.value.sha256, 'Role: Approver', 'Role: Copy (CC)', 'Witnessed the signature of Ana Lima',
      // Each role's act is named as it was: an approver is never said to have signed.
      'Approved at:', 'Witnessed at:', 'Viewed at:']) {
      expect(sheet).toContain(shown);
    }
    // The copy goes to CC with the completed documents.
    await waitFor(async () => (await api.tables('envelope.lifecycle_mails').where({ envelope_id: envelope.id, kind: 'SIGNED', recipient_id: done.envelope_signers[2].id })).length === 1, 20_000, 'the CC copy');
    expect(eventsOf(envelope.id, 'envelope.success')).toHaveLength(1);
  });

  it("runs SEQUENTIAL groups in order: the second pair's links work only once both of the first have signed; a VIEWER is done on opening", async () => {
    const envelope = await sentWithRoles(api, KEYS.globex, {
      a1: { name: 'A One', order: '0' }, a2: { name: 'A Two', order: '0' }, v: { name: 'V Viewer', order: '0', role: 'VIEWER' },
      b1: { name: 'B One', order: '1' }, b2: { name: 'B Two', order: '1' }
    }, { 'settings[signature_flow][signature_order]': 'SEQUENTIAL' });
    expect((await session(api, envelope.tokens.b1 as string)).body.state).toBe('NOT_YOUR_TURN');
    expect((await sign(api, envelope.tokens.a1 as string, written('A One'))).status).toBe(200);
    expect((await sign(api, envelope.tokens.b1 as string, written('B One'))).status).toBe(409);
    expect((await session(api, envelope.tokens.b2 as string)).body.state).toBe('NOT_YOUR_TURN');
    expect((await sign(api, envelope.tokens.a2 as string, written('A Two'))).status).toBe(200);
    // The viewer of the first order has not looked yet, and holds nobody up.
    expect((await session(api, envelope.tokens.b1 as string)).body.state).toBe('READY');
    const viewed = await session(api, envelope.tokens.v as string);
    expect(viewed.body).toMatchObject({ state: 'READY', recipient: { role: 'VIEWER', status: 'VIEWED' } });
    expect((await sign(api, envelope.tokens.v as string, written('V Viewer'))).status).toBe(409);
    expect((await sign(api, envelope.tokens.b1 as string, written('B One'))).status).toBe(200);
    expect((await sign(api, envelope.tokens.b2 as string, written('B Two'))).status).toBe(200);
    await waitFor(async () => (await get(envelope.id)).status === 'SUCCESS', 60_000, 'SUCCESS');
    await waitFor(() => eventsOf(envelope.id, 'envelope.success').length === 1, 20_000, 'envelope.success');
  });

  it('lets a SEQUENTIAL witness ordered before their signer wait without holding up the signer, and later orders wait for the witness', async () => {
    // No orders given: each is the key's position, so the witness (0) comes before their signer (1).
    const envelope = await sentWithRoles(api, KEYS.globex, {
      a_witness: { name: 'Walter Witt', role: 'WITNESS', witness_of: 'b_signer' }, b_signer: { name: 'Ben Signer' }, c_last: { name: 'Cleo Last' }
    }, { 'settings[signature_flow][signature_order]': 'SEQUENTIAL', ...at(0, 'a_witness', 'WITNESS', 300) });
    const states = async () => Object.fromEntries(await Promise.all(Object.entries(envelope.tokens).map(async ([key, token]) => [key, (await session(api, token)).body.state])));
    expect(await states()).toEqual({ a_witness: 'NOT_YOUR_TURN', b_signer: 'READY', c_last: 'NOT_YOUR_TURN' });
    expect((await sign(api, envelope.tokens.a_witness as string, written('Walter Witt'))).status).toBe(409);
    expect((await sign(api, envelope.tokens.b_signer as string, written('Ben Signer'))).status).toBe(200);
    // The witness's turn has come, and the later order waits for them.
    expect(await states()).toEqual({ a_witness: 'READY', b_signer: 'ALREADY_SIGNED', c_last: 'NOT_YOUR_TURN' });
    expect((await sign(api, envelope.tokens.c_last as string, written('Cleo Last'))).status).toBe(409);
    expect((await sign(api, envelope.tokens.a_witness as string, written('Walter Witt'))).status).toBe(200);
    expect((await sign(api, envelope.tokens.c_last as string, written('Cleo Last'))).status).toBe(200);
    const done = await waitFor(async () => {
      const shown = await get(envelope.id);
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    expect(done.envelope_signers.map((signer: Body) => [signer.custom_key, signer.order, signer.status])).toEqual([
      ['a_witness', 0, 'WITNESSED'], ['b_signer', 1, 'SIGNED'], ['c_last', 2, 'SIGNED']
    ]);
  });
});
