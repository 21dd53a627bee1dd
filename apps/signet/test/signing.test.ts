import type { ConsumedEvent } from '@signet/bus';
import { findTextTokens } from '@signet/pdf';
import { SIGNATURE_BOX, verifySealedPdf } from '@signet/signed-pdf';
import { oversizedPng, signaturePng, waitFor } from '@signet/testkit';
import { PDFDocument } from 'pdf-lib';
import { pageContent } from '../../../libs/signed-pdf/test/page-content';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { drawn, reject, sentEnvelope, session, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ANA_PLACEMENT = { 'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}' };

describe.each(INFRASTRUCTURE_MODES)('the signing API through the gateway, %s', (_mode, infrastructure) => {
  let api: TestSignet;
  let closeInfrastructure: () => Promise<void>;

  const get = (id: string) => api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex });
  const eventsOf = (id: string, type: string): ConsumedEvent[] =>
    api.events.filter((event) => event.key === id && event.event.event_type === type);

  beforeAll(async () => {
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    api = await startTestSignet(infra.env);
  });

  afterAll(async () => {
    await api.close();
    await closeInfrastructure();
  });

  it('lets two PARALLEL signers sign (DRAWN and WRITTEN) into a sealed signed PDF and SUCCESS', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, ANA_PLACEMENT);
    const ana = await session(api, envelope.tokens.ana as string);
    expect(ana.status).toBe(200);
    expect(ana.body).toMatchObject({
      state: 'READY',
      envelope: { id: envelope.id, name: 'contract.pdf', language: 'EN', signature_types: ['WRITTEN', 'DRAWN', 'UPLOADED'], signature_color: '#000000', branding: { name: null, logo: null, url_homepage: null } },
      recipient: { name: 'Ana Lima', masked_phone: null, status: 'IN_PROGRESS', signed_at: null },
      validation: { required: false },
      documents: [{ name: 'contract.pdf', page_count: 2, page_sizes: [{ width: 612, height: 792 }, { width: 612, height: 792 }], url: expect.any(String) }]
    });
    const [placement] = (ana.body.documents as Body[])[0]?.placements as Body[];
    expect(placement).toMatchObject({ type: 'SIGNATURE', page: 0 });
    // Where "{{ana}}" is, after "Sign here: " on the line drawn 72 points below the top.
    expect(placement?.left).toBeGreaterThan(100);
    expect(placement?.top).toBeGreaterThan(55);
    expect(placement?.top).toBeLessThan(75);

    // Drawn in the signature box's proportions, so it fills the box: its top-left corner is the placement's.
    const boxShapedPng = signaturePng(3 * SIGNATURE_BOX.width, 3 * SIGNATURE_BOX.height).toString('base64');
    const boxShaped = { consent: true, signature: { type: 'DRAWN', image: `data:image/png;base64,${boxShapedPng}` } };
    expect((await sign(api, envelope.tokens.ana as string, boxShaped)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(409);
    expect((await session(api, envelope.tokens.ana as string)).body).toMatchObject({ state: 'ALREADY_SIGNED', documents: [] });
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);

    const done = await waitFor(async () => {
      const shown = (await get(envelope.id)).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 30_000, 'SUCCESS');
    expect(done).toMatchObject({ completed_at: expect.any(String), envelope_signers: [{ status: 'SIGNED', signed_at: expect.any(String) }, { status: 'SIGNED', signed_at: expect.any(String) }] });
    const [document] = done.documents as Body[];
    expect(document).toMatchObject({ status: 'SIGNED', sha256: expect.any(String), original_sha256: expect.any(String) });
    expect(document?.sha256).not.toBe(document?.original_sha256);

    const signedPdf = Buffer.from(await (await fetch(document?.url as string)).arrayBuffer());
    expect(await verifySealedPdf(signedPdf)).toMatchObject({ valid: true, signerCommonName: 'Signet Development Seal — not for production' });
    const tampered = Buffer.from(signedPdf);
    const at = Math.floor(tampered.length / 3);
    tampered[at] = (tampered[at] as number) ^ 0x01;
    expect((await verifySealedPdf(tampered)).valid).toBe(false);
    // Ben has no placement, so his signature is on an appended page: three pages, each with the Document ID.
    const found = await findTextTokens(signedPdf, [document?.id as string]);
    expect(new Set(found[document?.id as string]?.map((position) => position.page))).toEqual(new Set([0, 1, 2]));

    // Ana's drawn signature image is on her placement's page, its top-left corner at the placement
    // (PDF points from the top-left of the page, so y + height = page height - top in PDF user space).
    const sealed = await PDFDocument.load(signedPdf);
    const pageHeight = sealed.getPage(placement?.page as number).getHeight();
    const { images } = pageContent(sealed, placement?.page as number);
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(Math.abs(image!.x - (placement?.left as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(image!.y + image!.height - (pageHeight - (placement?.top as number)))).toBeLessThanOrEqual(1);
    expect(Math.abs(image!.width - SIGNATURE_BOX.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(image!.height - SIGNATURE_BOX.height)).toBeLessThanOrEqual(1);
    expect(pageContent(sealed, 1).images).toHaveLength(0);

    await waitFor(() => eventsOf(envelope.id, 'envelope.success').length === 1 && eventsOf(envelope.id, 'recipient.signed_all').length === 2, 20_000, 'events');
    expect(eventsOf(envelope.id, 'envelope.success')[0]?.event.data).toMatchObject({ status: 'SUCCESS', documents: [{ status: 'SIGNED' }] });
    expect((await session(api, envelope.tokens.ben as string)).body.state).toBe('COMPLETED');
  });

  it('keeps the second SEQUENTIAL signer waiting (NOT_YOUR_TURN) until the first has signed', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature_flow][signature_order]': 'SEQUENTIAL' });
    expect((await session(api, envelope.tokens.ben as string)).body).toMatchObject({ state: 'NOT_YOUR_TURN', documents: [] });
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(409);
    expect((await sign(api, envelope.tokens.ana as string, written('Ana Lima'))).status).toBe(200);
    expect((await session(api, envelope.tokens.ben as string)).body.state).toBe('READY');
    await waitFor(() => eventsOf(envelope.id, 'recipient.in_progress').length === 2, 20_000, 'ben invited');
    expect(eventsOf(envelope.id, 'recipient.in_progress')[1]?.event.data).toMatchObject({ custom_key: 'ben', status: 'IN_PROGRESS' });
  });

  it('stops the envelope when a recipient rejects: VOIDED, recipient.rejected with the reason, every link REJECTED', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await reject(api, envelope.tokens.ana as string, '')).status).toBe(422);
    expect((await reject(api, envelope.tokens.ana as string, 'x'.repeat(501))).status).toBe(422);
    expect((await reject(api, envelope.tokens.ana as string, 'Wrong amount')).status).toBe(200);
    for (const token of Object.values(envelope.tokens)) {
      expect((await session(api, token)).body).toMatchObject({ state: 'REJECTED', documents: [] });
      expect((await sign(api, token, written('Anyone'))).status).toBe(409);
    }
    expect((await reject(api, envelope.tokens.ben as string, 'Me too')).status).toBe(409);
    expect((await get(envelope.id)).body.envelope).toMatchObject({ status: 'VOIDED', envelope_signers: [{ status: 'REJECTED' }, { status: 'IN_PROGRESS' }] });
    await waitFor(() => eventsOf(envelope.id, 'recipient.rejected').length === 1 && eventsOf(envelope.id, 'envelope.voided').length === 1, 20_000, 'events');
    expect(eventsOf(envelope.id, 'recipient.rejected')[0]?.event.data).toMatchObject({ custom_key: 'ana', status: 'REJECTED', reason: 'Wrong amount' });
  });

  it('makes every link of a voided envelope unknown (404), like a token that never existed', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await api.call('PUT', `/api/v1/envelopes/${envelope.id}/void`, { key: KEYS.globex })).status).toBe(200);
    for (const token of Object.values(envelope.tokens)) {
      expect((await session(api, token)).status).toBe(404);
      expect((await sign(api, token, written('Anyone'))).status).toBe(404);
    }
    expect((await session(api, 'not-a-real-token')).status).toBe(404);
  });

  it('refuses a signature type the envelope does not allow, a missing consent and a bad image', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature_flow][signature_types]': 'WRITTEN' });
    const token = envelope.tokens.ana as string;
    const refused = await sign(api, token, drawn);
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ field: 'signature.type', message: 'is not allowed for this envelope (allowed: WRITTEN)' }]);
    expect((await sign(api, token, { ...written('Ana'), consent: false })).status).toBe(422);
    const other = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, other.tokens.ana as string, { consent: true, signature: { type: 'UPLOADED', image: Buffer.from('GIF89a').toString('base64') } })).status).toBe(422);
    // A PNG of a few hundred bytes declaring 30000x30000 pixels would take 3.6 GB to embed at completion.
    const bomb = await sign(api, other.tokens.ana as string, { consent: true, signature: { type: 'UPLOADED', image: oversizedPng(30_000, 30_000).toString('base64') } });
    expect(bomb.status).toBe(422);
    expect(bomb.body.details).toEqual([{ field: 'signature.image', message: expect.stringMatching(/^is 30000x30000 pixels/) }]);
    expect((await session(api, other.tokens.ana as string)).body.state).toBe('READY');
    expect((await sign(api, other.tokens.ana as string, drawn)).status).toBe(200);
    expect((await session(api, token)).body.state).toBe('READY');
  });
});
