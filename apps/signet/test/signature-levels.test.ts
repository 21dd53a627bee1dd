import { type CscStandIn, opensslVerifyCms, opensslVerifyCrl, opensslVerifyTimestamp, pdfSignatures, pdfsigSignatures, pdftotext, startCscStandIn, waitFor } from '@signet/testkit';
import { pemOf, verifySealedPdf } from '@signet/signed-pdf';
import { startChromium } from './browser/chromium';
import { seriousViolations, watchProblems } from './browser/page-checks';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { announced } from './part-tables';
import { drawn, sentEnvelope, sign } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY_MS = 24 * 60 * 60 * 1000;
const SEAL_NAME = 'Signet Development Seal — not for production';
const SIGNER_POLICY_OID = '2.25.212312045381440610123848992234486344912.1.1';

/** signature.level advanced: each recipient's own signature, then the seal and the archive steps over them all. */
describe('a signature of each signer\'s own (signature.level advanced)', () => {
  let api: TestSignet;
  let now = Date.now();

  beforeAll(async () => {
    api = await startTestSignet({ ARCHIVE_TIMESTAMP_RENEW_DAYS: '30' }, undefined, () => new Date(now));
  }, 60_000);

  afterAll(async () => {
    await api.close();
  });

  const completed = async (envelopeId: string): Promise<Body> => waitFor(async () => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    return shown.status === 'SUCCESS' && shown;
  }, 90_000, 'SUCCESS');
  const download = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());

  /** Trust anchors as a validator would set them up: the seal's root and the signer CA, both published by Signet. */
  async function anchors(): Promise<{ sealRoot: string; signerCa: string; body: Body }> {
    const body = (await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.globex })).body as Body;
    return { sealRoot: (body.seal as Body[]).at(-1)?.pem as string, signerCa: (body.signer_ca as Body).chain_pem as string, body };
  }

  let signedPdf: Buffer = Buffer.alloc(0);
  let envelopeId = '';
  let emails: Record<string, string> = {};

  it('completes two signers and an approver with one signature each, the seal and the document timestamp, all valid and trusted', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'settings[signature][level]': 'advanced',
      'recipients[cora][email]': `cora.${Date.now()}@example.com`, 'recipients[cora][name]': 'Cora Adeyemi', 'recipients[cora][role]': 'APPROVER'
    });
    envelopeId = envelope.id;
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
    expect(shown.settings.signature.level).toBe('advanced');
    emails = Object.fromEntries((shown.envelope_signers as Body[]).map((recipient) => [recipient.name, recipient.email]));
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.cora as string, { consent: true })).status).toBe(200);
    const done = await completed(envelope.id);
    signedPdf = await download((done.documents as Body[])[0]?.url as string);

    const { sealRoot, signerCa } = await anchors();
    const reports = pdfsigSignatures(signedPdf, `${sealRoot}${signerCa}`);
    expect(reports.map((report) => report.fields['Signer Certificate Common Name'])).toEqual([
      'Ana Lima', 'Ben Ode', 'Cora Adeyemi', SEAL_NAME, 'Signet Development TSA — not for production'
    ]);
    for (const report of reports.slice(0, 4)) {
      expect(report.fields).toMatchObject({ 'Signature Type': 'ETSI.CAdES.detached', 'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.' });
    }
    for (const [index, name] of ['Ana Lima', 'Ben Ode', 'Cora Adeyemi'].entries()) {
      expect(reports[index]?.fields['Signer full Distinguished Name']).toContain(`E=${emails[name]}`);
    }
    expect(reports[4]?.lines).toContain('Total document signed');
  });

  it('makes each signer\'s CMS verify against the signer CA alone, each with a certificate of its own, minutes long, under the documented policy', async () => {
    const { signerCa, sealRoot } = await anchors();
    const signatures = pdfSignatures(signedPdf);
    expect(signatures.map((signature) => signature.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.RFC3161']);
    for (const signature of signatures.slice(0, 3)) {
      expect(opensslVerifyCms(signature.cms, signature.signedContent, signerCa)).toMatchObject({ ok: true });
      // Not the seal's CA: a signer's certificate does not chain to it.
      expect(opensslVerifyCms(signature.cms, signature.signedContent, sealRoot).ok).toBe(false);
    }
    expect(opensslVerifyCms(signatures[3]!.cms, signatures[3]!.signedContent, sealRoot)).toMatchObject({ ok: true });
    // pdfsig does not check document timestamps: OpenSSL checks this one over everything before it.
    expect(opensslVerifyTimestamp(signatures[4]!.cms, signatures[4]!.signedContent, sealRoot)).toMatchObject({ ok: true });

    const report = await fetch(`${api.url}/api/v1/signature-reports`, { method: 'POST', headers: { authorization: KEYS.globex, 'content-type': 'application/pdf' }, body: signedPdf });
    expect(report.status).toBe(200);
    const listed = ((await report.json()) as Body).signatures as Body[];
    expect(listed.map((signature) => [signature.kind, signature.level, signature.signer?.common_name, signature.chain_trusted, signature.integrity.valid])).toEqual([
      ['signature', 'AdES', 'Ana Lima', true, true],
      ['signature', 'AdES', 'Ben Ode', true, true],
      ['signature', 'AdES', 'Cora Adeyemi', true, true],
      ['signature', 'seal', SEAL_NAME, true, true],
      ['document_timestamp', null, 'Signet Development TSA — not for production', true, true]
    ]);
    const certificates = listed.slice(0, 3).map((signature) => signature.signer as Body);
    expect(new Set(certificates.map((certificate) => certificate.serial_number)).size).toBe(3);
    for (const certificate of certificates) {
      expect(certificate.policies).toEqual([SIGNER_POLICY_OID]);
      const minutes = (Date.parse(certificate.not_after as string) - Date.parse(certificate.not_before as string)) / 60_000;
      expect(minutes).toBeLessThanOrEqual(20);
    }
  });

  it('publishes the signer CA, apart from the seal\'s, and its CRL', async () => {
    const { body, signerCa } = await anchors();
    expect((body.signer_ca as Body).certificates[0].subject).toContain('CN=Signet Development Signer CA — not for production');
    expect((body.signer_ca as Body).certificates[0].sha256_fingerprint).not.toBe((body.seal as Body[]).at(-1)?.sha256_fingerprint);
    const crl = await fetch((body.signer_ca as Body).crl_url as string);
    expect(crl.status).toBe(200);
    expect(opensslVerifyCrl(Buffer.from(await crl.arrayBuffer()), signerCa)).toMatchObject({ ok: true });
  });

  it('is invalidated by a byte added after completion', async () => {
    const { sealRoot, signerCa } = await anchors();
    const tampered = Buffer.concat([signedPdf.subarray(0, 200), Buffer.from(' '), signedPdf.subarray(200)]);
    const reports = pdfsigSignatures(tampered, `${sealRoot}${signerCa}`);
    expect(reports.slice(0, 4).map((report) => report.fields['Signature Validation'])).toEqual(Array(4).fill('Digest Mismatch.'));
    for (const signature of pdfSignatures(tampered).slice(0, 3)) expect(opensslVerifyCms(signature.cms, signature.signedContent, signerCa).ok).toBe(false);
  });

  it('keeps every signature valid through an archive-timestamp renewal', async () => {
    const { body, sealRoot, signerCa } = await anchors();
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    const tsaExpiry = new Date((body.timestamp_authority as Body[])[0]?.not_after as string).getTime();
    const jump = tsaExpiry - 29 * DAY_MS - now;
    now += jump;
    await api.signet.jobs.clockMovedBy(jump);
    await api.signet.jobs.runDue();
    const renewed = await waitFor(async () => {
      const document = ((await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body).documents[0] as Body;
      return document.sha256 !== (shown.documents as Body[])[0]?.sha256 && document;
    }, 60_000, 'a renewed archive timestamp');
    const second = await download(renewed.url as string);
    expect(second.subarray(0, signedPdf.length).equals(signedPdf)).toBe(true);
    const reports = pdfsigSignatures(second, `${sealRoot}${signerCa}`);
    expect(reports).toHaveLength(6);
    for (const report of reports.slice(0, 4)) expect(report.fields['Signature Validation']).toBe('Signature is Valid.');
    expect(await verifySealedPdf(second)).toMatchObject({ valid: true });
  });

  it('leaves seal envelopes as they were: the seal and the document timestamp only', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, drawn)).status).toBe(200);
    const done = await completed(envelope.id);
    expect(done.settings.signature.level).toBe('seal');
    const pdf = await download((done.documents as Body[])[0]?.url as string);
    expect(pdfSignatures(pdf).map((signature) => signature.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161']);
    const { sealRoot } = await anchors();
    expect(pdfsigSignatures(pdf, sealRoot)[0]?.fields['Signer Certificate Common Name']).toBe(SEAL_NAME);
  });
});

/** signature.level qualified: each signer's key at a remote signing service (a CSC API v2 stand-in with its own CA), authorized by their code. */
describe('qualified signatures through a signing provider (CSC API v2)', () => {
  let api: TestSignet;
  let provider: CscStandIn;
  const tag = Date.now();
  const ana = { email: `ana.qes.${tag}@example.com`, otp: '482913' };
  const ben = { email: `ben.qes.${tag}@example.com`, otp: '175038' };

  beforeAll(async () => {
    provider = await startCscStandIn({
      users: [{ userId: ana.email, name: 'Ana Lima', otp: ana.otp, email: ana.email }, { userId: ben.email, name: 'Ben Ode', otp: ben.otp, email: ben.email }]
    });
    api = await startTestSignet({ SIGNET_CSC_URL: provider.url, SIGNET_CSC_CLIENT_ID: provider.clientId, SIGNET_CSC_CLIENT_SECRET: provider.clientSecret });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await provider?.close();
  });

  let qualifiedEnvelopeId = '';
  const qualifiedEnvelope = () => sentEnvelope(api, KEYS.globex, {
    'settings[signature][level]': 'qualified', 'recipients[ana][email]': ana.email, 'recipients[ben][email]': ben.email
  });
  const recipientStatus = async (envelopeId: string, email: string) => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
    return (shown.envelope_signers as Body[]).find((recipient) => recipient.email === email)?.status;
  };

  it('refuses an act whose code the provider refuses, with a clear error, and records nothing as signed', async () => {
    const envelope = await qualifiedEnvelope();
    expect(((await api.call('GET', `/signing/v1/${envelope.tokens.ana}`, { key: null })).body as Body).envelope.signature_level).toBe('qualified');
    const before = await recipientStatus(envelope.id, ana.email);

    const missing = await sign(api, envelope.tokens.ana as string, drawn);
    expect(missing.status).toBe(422);
    expect(missing.body.details).toEqual([{ field: 'otp', message: 'is required for a qualified signature' }]);

    const refused = await sign(api, envelope.tokens.ana as string, { ...drawn, otp: '000000' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SIGNATURE_PROVIDER_REFUSED');
    expect(refused.body.error).toMatch(/refused/);
    expect(provider.authorizations.at(-1)).toMatchObject({ otp: '000000', granted: false });
    expect(provider.signatures).toBe(0);
    expect(await recipientStatus(envelope.id, ana.email)).toBe(before);
    // The part's own records, final once the refusal has been answered: no act announced, no revision kept.
    expect(await announced(api, 'envelope', 'recipient.signed_all', envelope.id)).toEqual([]);
    expect(await api.tables('envelope.signature_revisions').where({ envelope_id: envelope.id })).toEqual([]);
  });

  it('embeds each signer\'s signature made by the provider, chaining to its CA, then the seal, the provider\'s CRL in the /DSS', async () => {
    const envelope = await qualifiedEnvelope();
    expect((await sign(api, envelope.tokens.ana as string, { ...drawn, otp: ana.otp })).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, { ...drawn, otp: ben.otp })).status).toBe(200);
    const granted = provider.authorizations.filter((authorization) => authorization.granted);
    expect(granted.map((authorization) => [authorization.credentialID, authorization.otp])).toEqual([
      [provider.credentialsOf(ana.email)[0], ana.otp], [provider.credentialsOf(ben.email)[0], ben.otp]
    ]);
    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 90_000, 'SUCCESS');
    const pdf = Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());

    const providerCa = pemOf(provider.caCertificate);
    const signatures = pdfSignatures(pdf);
    expect(signatures.map((signature) => signature.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.RFC3161']);
    for (const signature of signatures.slice(0, 2)) expect(opensslVerifyCms(signature.cms, signature.signedContent, providerCa)).toMatchObject({ ok: true });
    const sealRoot = (((await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.globex })).body as Body).seal as Body[]).at(-1)?.pem as string;
    const reports = pdfsigSignatures(pdf, `${sealRoot}${providerCa}`);
    expect(reports.map((report) => report.fields['Signer Certificate Common Name'])).toEqual(['Ana Lima', 'Ben Ode', SEAL_NAME, 'Signet Development TSA — not for production']);
    for (const report of reports.slice(0, 3)) expect(report.fields).toMatchObject({ 'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.' });
    expect(provider.requests.some((request) => request.path === '/crl/root.crl')).toBe(true);

    const report = await fetch(`${api.url}/api/v1/signature-reports`, { method: 'POST', headers: { authorization: KEYS.globex, 'content-type': 'application/pdf' }, body: pdf });
    const listed = ((await report.json()) as Body).signatures as Body[];
    expect(listed.map((signature) => signature.level)).toEqual(['QES', 'QES', 'seal', null]);
    qualifiedEnvelopeId = envelope.id;
  });

  it('lists the qualified signatures on the evidence sheet, with the provider\'s authorization as the basis of sole control', async () => {
    const answer = await waitFor(async () => {
      const found = await api.call('GET', `/api/v1/envelopes/${qualifiedEnvelopeId}/evidence`, { key: KEYS.globex });
      return found.status === 200 && found;
    }, 30_000, 'the evidence sheet');
    const sheet = pdftotext(Buffer.from(await (await fetch(answer.body.evidence_document_url as string)).arrayBuffer())).replace(/\s*\n\s*/g, ' ');
    expect(sheet).toContain('1. Qualified electronic signature: Ana Lima');
    expect(sheet).toContain('2. Qualified electronic signature: Ben Ode');
    expect(sheet).toContain(`3. Signet’s seal: ${SEAL_NAME}`);
    // The provider's CA is none of this Signet's anchors: the sheet says so rather than vouch for it.
    expect(sheet.split('Certificate chain: not trusted by Signet’s trust anchors')).toHaveLength(3);
    expect(sheet).toContain('Each signer’s qualified electronic signature was made by the signing provider with that signer’s own credential there, '
      + 'authorized by the one-time code the provider sent them.');
    expect(sheet).not.toContain('generated for their act alone');
  });

  it('asks for the provider\'s code on the signer page, says so when it is refused, and signs with the right one', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'settings[signature][level]': 'qualified', 'settings[signature_flow][signature_types]': 'WRITTEN',
      'recipients[ana][email]': ana.email, 'recipients[ben][email]': ben.email
    });
    const browser = await startChromium();
    try {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(60_000);
      const problems: string[] = [];
      watchProblems(page, problems);
      await page.goto(`${api.url}/sign/${envelope.tokens.ana}`);
      await page.locator('#documents[data-rendered="true"]').waitFor();
      expect(await page.locator('label[for="provider-code"]').textContent()).toBe('Code from your signing provider');
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('#consent').check();
      expect(await page.locator('#sign').isDisabled()).toBe(true);
      await page.locator('#provider-code').fill('999999');
      await page.locator('#sign').click();
      await waitFor(async () => (await page.locator('#error').textContent()) !== '', 30_000, 'the refusal shown');
      expect(await page.locator('#error').textContent()).toBe('Your signing provider did not accept the code. Check it, or ask the provider for a new one.');
      await page.locator('#provider-code').fill(ana.otp);
      await page.locator('#sign').click();
      await page.locator('main[data-state="ALREADY_SIGNED"]').waitFor();
      expect(provider.authorizations.filter((authorization) => authorization.granted).at(-1)?.otp).toBe(ana.otp);
      expect(problems.filter((problem) => !problem.includes('422'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
