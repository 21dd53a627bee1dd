import { pdftotext, renderRegion, samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { at, sentWithRoles } from './fields/flows';
import { session, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EMAIL_40 = 'billing.mx166xdh.accounts@quokka-test.io';
const TEXT_80 = 'The tenant keeps the garden tidy, waters the plants each week and mows the lawn.';
const CODE_60 = 'REF-2026-'.padEnd(60, 'X');
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/** Ana's signature on her token; an EMAIL at the default width, an 80-character TEXT box, a 14 pt tick box, and a box too narrow for 60 characters. */
const PLACEMENTS = {
  'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
  ...at(1, 'ana', 'EMAIL', 120, 0, { name: 'billing_email' }),
  ...at(2, 'ana', 'TEXT', 160, 0, { name: 'garden', width: '150', height: '20' }),
  ...at(3, 'ana', 'CHECKBOX', 220, 0, { name: 'agree', width: '14', height: '14' }),
  ...at(4, 'ana', 'TEXT', 260, 0, { name: 'reference', width: '60', height: '16' })
};

/** A definition form: one contract and Ana (by the name given), with these placements. */
async function definition(name: string, placements: Record<string, string> = {}): Promise<Record<string, string>> {
  const pdf = (await samplePdf({ pages: 1, text: 'Contract' })).toString('base64');
  return {
    'documents[contract][base64]': pdf, 'documents[contract][name]': 'contract.pdf',
    'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': name, ...placements
  };
}

describe('field values drawn whole on the signed PDF, through the gateway', () => {
  let api: TestSignet;

  const get = async (id: string) => (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
  const createdCount = () => api.events.filter((event) => event.event.event_type === 'envelope.created').length;

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  it('refuses a value too long for its box with a 422 naming the field, records nothing, then draws every accepted value whole', async () => {
    const envelope = await sentWithRoles(api, KEYS.globex, { ana: { name: 'Ana Lima' } }, PLACEMENTS);
    const token = envelope.tokens.ana as string;

    // The preview answers the layout the document will use; the sign request refuses what cannot fit.
    const preview: { status: number; body: Body } = await api.call('POST', `/signing/v1/${token}/fields/preview`, { key: null, json: { fields: { billing_email: EMAIL_40, garden: TEXT_80, agree: true } } });
    expect(preview.status).toBe(200);
    expect(preview.body.fields.billing_email).toMatchObject({ lines: [EMAIL_40], tick: null });
    expect(preview.body.fields.billing_email.size).toBeGreaterThanOrEqual(6);
    expect(withoutSpaces(preview.body.fields.garden.lines.join(''))).toBe(withoutSpaces(TEXT_80));
    expect(preview.body.fields.agree).toMatchObject({ lines: [], tick: 9 });
    const tooLongPreview = await api.call('POST', `/signing/v1/${token}/fields/preview`, { key: null, json: { fields: { reference: CODE_60 } } });
    expect(tooLongPreview.status).toBe(422);
    expect(tooLongPreview.body.details).toEqual([{ field: 'fields.reference', message: expect.stringContaining('too long for its box'), code: 'VALUE_TOO_LONG' }]);

    const values = { billing_email: EMAIL_40, garden: TEXT_80, agree: true };
    const refused = await sign(api, token, { ...written('Ana Lima'), fields: { ...values, reference: CODE_60 } });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ field: 'fields.reference', message: expect.stringContaining('too long for its box'), code: 'VALUE_TOO_LONG' }]);
    const unchanged = await get(envelope.id);
    expect(unchanged.envelope_signers[0].status).toBe('IN_PROGRESS');
    expect((unchanged.fields as Body[]).every((field) => field.value === null)).toBe(true);
    expect((await session(api, token)).body.state).toBe('READY');

    expect((await sign(api, token, { ...written('Ana Lima'), fields: { ...values, reference: 'REF-7' } })).status).toBe(200);
    const done = await waitFor(async () => {
      const shown = await get(envelope.id);
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    const signedPdf = Buffer.from(await (await fetch(done.documents[0].url)).arrayBuffer());
    const text = withoutSpaces(pdftotext(signedPdf));
    for (const value of [EMAIL_40, TEXT_80, 'REF-7']) expect(text).toContain(withoutSpaces(value));
    expect(text).not.toContain('…');

    // The tick is drawn inside its 14 pt box, and nothing spills to its right (the caption did not fit and is left out).
    const inside = renderRegion(signedPdf, 0, { left: 72, top: 220, width: 14, height: 14 }, { dpi: 144 });
    const right = renderRegion(signedPdf, 0, { left: 87, top: 218, width: 40, height: 18 }, { dpi: 144 });
    expect(inside.flat().filter(Boolean).length).toBeGreaterThan(20);
    expect(right.flat().some(Boolean)).toBe(false);
  });

  it('refuses a placement too small for its type when it is defined, naming it, and records nothing', async () => {
    const before = createdCount();
    const answer = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: await definition('Ana Maria Lima de Souza Ferreira', {
        ...at(0, 'ana', 'CHECKBOX', 100, 0, { width: '4', height: '4' }),
        ...at(1, 'ana', 'NUMBER', 140, 0, { width: '30', height: '8' }),
        ...at(2, 'ana', 'DROPDOWN', 180, 0, { options: 'Basic,A much longer premium option', width: '40' }),
        ...at(3, 'ana', 'NAME', 220, 0, { width: '50', height: '8' }),
        ...at(4, 'ana', 'TEXT', 260, 0, { width: '150', height: '16' })
      })
    });
    expect(answer.status).toBe(422);
    expect(answer.body.details).toEqual([
      { field: 'placements.0', message: 'is too small to show a tick box (at least 6 x 6 pt): make it wider or taller', code: 'BOX_TOO_SMALL' },
      { field: 'placements.1', message: 'is too small to show a NUMBER value of ten characters at 6 pt: make it wider or taller', code: 'BOX_TOO_SMALL' },
      { field: 'placements.2', message: 'is too small to show the option "A much longer premium option" at 6 pt: make it wider or taller', code: 'BOX_TOO_SMALL' },
      { field: 'placements.3', message: 'is too small to show the name "Ana Maria Lima de Souza Ferreira" at 6 pt: make it wider or taller', code: 'BOX_TOO_SMALL' }
    ]);

    // A template is held to the same boxes.
    const template = await api.call('POST', '/api/v1/templates', {
      key: KEYS.globex,
      form: await definition('Ana', at(0, 'ana', 'INITIALS', 100, 0, { width: '20', height: '10' }))
    });
    expect(template.status).toBe(422);
    expect(template.body.details).toEqual([
      { field: 'placements.0', message: 'is too small to show initials of ten letters at 6 pt: make it wider or taller', code: 'BOX_TOO_SMALL' }
    ]);
    // A sentinel: an envelope created after the refusals is the only one that appears.
    const sentinel: { status: number; body: Body } = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: await definition('Ana') });
    expect(sentinel.status).toBe(200);
    await waitFor(() => createdCount() > before, 20_000, 'the sentinel envelope.created');
    const created = api.events.filter((event) => event.event.event_type === 'envelope.created').slice(before);
    expect(created.map((event) => event.key)).toEqual([sentinel.body.envelope.id]);
  });

  it('refuses an update that would leave a placement too small, and keeps the envelope as it was', async () => {
    const created: { status: number; body: Body } = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: await definition('Ana', at(0, 'ana', 'NAME', 100, 0, { width: '60', height: '16' }))
    });
    expect(created.status).toBe(200);
    const id = created.body.envelope.id as string;
    const renamed = await api.call('PUT', `/api/v1/envelopes/${id}`, {
      key: KEYS.globex,
      form: { 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Maria Lima de Souza Ferreira Gonçalves Pereira' }
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.details).toEqual([expect.objectContaining({ field: 'placements.0', code: 'BOX_TOO_SMALL' })]);
    expect((await get(id)).envelope_signers[0].name).toBe('Ana');
  });
});
