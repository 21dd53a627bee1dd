import { opensslVerifyTimestamp, pdfSignatures, waitFor } from '@signet/testkit';
import { verifySealedPdf } from '@signet/signed-pdf';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { drawn, sentEnvelope, sign } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY_MS = 24 * 60 * 60 * 1000;

/** The archive timestamp is renewed before the TSA certificate expires: a job due by the injected clock. */
describe('renewing archive timestamps', () => {
  let api: TestSignet;
  let now = Date.now();

  beforeAll(async () => {
    api = await startTestSignet({ ARCHIVE_TIMESTAMP_RENEW_DAYS: '30' }, undefined, () => new Date(now));
  }, 60_000);

  afterAll(async () => {
    await api.close();
  });

  const shownDocument = async (envelopeId: string): Promise<Body | false> => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    return shown.status === 'SUCCESS' && (shown.documents as Body[])[0]!;
  };

  it('adds fresh validation data and a new document timestamp 30 days before the TSA certificate expires, and the file stays valid', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, drawn)).status).toBe(200);
    const signed = await waitFor(() => shownDocument(envelope.id), 60_000, 'SUCCESS');
    const first = Buffer.from(await (await fetch(signed.url as string)).arrayBuffer());
    expect(pdfSignatures(first).filter((signature) => signature.subFilter === 'ETSI.RFC3161')).toHaveLength(1);

    const chain = (await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.acme })).body as Body;
    const tsaExpiry = new Date((chain.timestamp_authority as Body[])[0]?.not_after as string).getTime();
    const jump = tsaExpiry - 29 * DAY_MS - now;
    now += jump;
    await api.signet.jobs.clockMovedBy(jump);
    await api.signet.jobs.runDue();
    const renewed = await waitFor(async () => {
      const document = await shownDocument(envelope.id);
      return document && document.sha256 !== signed.sha256 && document;
    }, 60_000, 'a renewed archive timestamp');
    const second = Buffer.from(await (await fetch(renewed.url as string)).arrayBuffer());
    expect(second.subarray(0, first.length).equals(first)).toBe(true);
    const timestamps = pdfSignatures(second).filter((signature) => signature.subFilter === 'ETSI.RFC3161');
    expect(timestamps).toHaveLength(2);
    const caPem = (chain.seal as Body[])[1]?.pem as string;
    expect(opensslVerifyTimestamp(timestamps[1]!.cms, timestamps[1]!.signedContent, caPem)).toMatchObject({ ok: true });
    expect(await verifySealedPdf(second)).toMatchObject({ valid: true });
  });
});
