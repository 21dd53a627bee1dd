import { execFileSync } from 'node:child_process';
import type { ConsumedEvent } from '@signet/bus';
import { makeDrivingLicence, portraitImages } from '@signet/identity/testing';
import { waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, type TestSignet } from './harness';
import { base64, consent, HOLDER, IDENTITY_SETTINGS, identityEnvelope, identityPath, passport, selfie, signer } from './identity/flows';
import { drawn, sign } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('identity document and selfie checks through the gateway', () => {
  let api: TestSignet;

  const eventsOf = (envelopeId: string, type: string): ConsumedEvent[] => api.events.filter((event) => event.key === envelopeId && event.event.event_type === type);
  const identityOf = (envelopeId: string) => api.events.filter((event) => event.key === envelopeId && /^recipient\.validation_(id_check|biometric|identity)_/.test(event.event.event_type));

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  it('lets a signer with a passport and a selfie of the same face sign, and shows both checks in GET and the events', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    const before = await api.call('GET', `/signing/v1/${envelope.token}`, { key: null });
    expect(before.body.validation).toMatchObject({
      required: true, order: 0, verified: false,
      channels: { id_check: { required: true, status: 'PENDING', provider: 'local', attempts_left: 3 }, biometric: { required: true, status: 'PENDING', attempts_left: 3 } },
      identity_consent: { required: true, given_at: null }
    });
    expect(before.body.documents).toEqual([]);
    // No image before consent.
    expect((await signer(api, envelope.token, 'document', { image: base64(await passport()) })).status).toBe(409);

    expect((await consent(api, envelope.token)).status).toBe(200);
    const document = await signer(api, envelope.token, 'document', { image: base64(await passport()) });
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({ check: 'id_check', status: 'PASSED', passed: true, reasons: [], attempts_left: 2 });
    const face = await selfie(api, envelope.token);
    expect(face.body).toMatchObject({ check: 'biometric', status: 'PASSED', passed: true, reasons: [] });

    const after = await api.call('GET', `/signing/v1/${envelope.token}`, { key: null });
    expect(after.body.validation).toMatchObject({ required: true, verified: true });
    expect((after.body.documents as unknown[]).length).toBe(1);
    expect((await sign(api, envelope.token, drawn)).status).toBe(200);

    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect(record.status).toBe(200);
    expect(record.body.consent).toMatchObject({ version: expect.any(String), text_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((record.body as Body).id_check).toMatchObject({
      status: 'PASSED', method: 'local', attempts_used: 1, max_attempts: 3, assurance: expect.stringContaining('ISO/IEC 30107-3'),
      document: { kind: 'PASSPORT', country: 'FRA', number_masked: '******21K', expires_on: '2034-05-31', read_from: 'MRZ' }
    });
    const [documentAttempt] = (record.body as Body).id_check.attempts as Body[];
    expect(documentAttempt).toMatchObject({ number: 1, outcome: 'PASSED', images: [{ role: 'document', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] });
    expect(documentAttempt?.subchecks.length).toBeGreaterThan(3);
    expect(Object.keys(documentAttempt?.versions ?? {})).toEqual(expect.arrayContaining(['tesseract.js', 'mrz']));
    expect((record.body as Body).biometric).toMatchObject({ status: 'PASSED', method: 'local', attempts: [{ outcome: 'PASSED', images: [{ role: 'neutral' }, { role: 'challenge' }] }] });
    const similarity = ((record.body as Body).biometric.attempts[0].subchecks as Body[]).find((step) => step.name === 'face_match');
    expect(similarity).toMatchObject({ passed: true, score: expect.any(Number), threshold: 0.7 });

    await waitFor(() => eventsOf(envelope.id, 'recipient.signed_all').length === 1, 20_000, 'recipient.signed_all');
    const types = identityOf(envelope.id).map((event) => event.event.event_type);
    expect(types).toEqual([
      'recipient.validation_identity_consented', 'recipient.validation_id_check_started', 'recipient.validation_id_check_success',
      'recipient.validation_biometric_started', 'recipient.validation_biometric_success'
    ]);
    const success = eventsOf(envelope.id, 'recipient.validation_id_check_success')[0]?.event.data as Body;
    expect(success.identity).toEqual({
      id: (record.body as Body).id_check.id, check: 'id_check', status: 'PASSED', method: 'local', attempt: 1, attempts_left: 2, max_attempts: 3, reasons: [],
      provider_reference: null, decided_at: expect.any(String), api_key_id: null
    });
    // The envelope shows where the checks stand, from those events.
    const shown = await waitFor(async () => {
      const signers = ((await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body).envelope_signers as Body[];
      return signers[0]?.identity?.biometric?.status === 'PASSED' && signers[0].identity;
    }, 20_000, 'the identity outcomes on the envelope');
    expect(shown).toEqual({
      id_check: { status: 'PASSED', method: 'local', attempts_left: 2, decided_at: expect.any(String), updated_at: expect.any(String) },
      biometric: { status: 'PASSED', method: 'local', attempts_left: 2, decided_at: expect.any(String), updated_at: expect.any(String) }
    });
    // The evidence sheet lists both checks: method, assurance, the masked document, each image's hash; no image.
    const evidence = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${envelope.id}/evidence`, { key: KEYS.globex });
      return answer.status === 200 && answer.body;
    }, 60_000, 'the evidence sheet');
    const sheet = Buffer.from(await (await fetch(evidence.evidence_document_url as string)).arrayBuffer());
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: sheet }).toString();
    expect(text).toContain('Identity checks');
    expect(text).toContain('******21K');
    expect(text).toContain(documentAttempt?.images[0].sha256);
    for (const image of (record.body as Body).biometric.attempts[0].images as Body[]) expect(text).toContain(image.sha256);
    expect(text).toMatch(/ISO\/IEC 30107-3/);
    expect(text).not.toMatch(/COLLINS<<|X4RT7Q21K/);
    // Events carry outcomes, never the document's data or an image.
    const everything = JSON.stringify(identityOf(envelope.id).map((event) => event.event));
    for (const secret of ['X4RT7Q21K', '1956', '2034-05-31', '/9j/', 'iVBOR']) expect(everything).not.toContain(secret);
  });

  it('fails an attempt for each wrong document with its reason, locks the check on the third, and lets a reset and a manual pass through', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    await consent(api, envelope.token);
    const attempt = async (image: Buffer) => (await signer(api, envelope.token, 'document', { image: base64(image) })).body;

    expect(await attempt(await passport({ flipMrzChar: 3 }))).toMatchObject({ status: 'FAILED', passed: false, reasons: ['MRZ_CHECK_DIGIT'], attempts_left: 2 });
    expect(await attempt(await passport({ expiry: '2024-01-31' }))).toMatchObject({ status: 'FAILED', reasons: ['DOCUMENT_EXPIRED'], attempts_left: 1 });
    // A page reloaded after a failure can say why, and list what it accepts.
    const reloaded = await api.call('GET', `/signing/v1/${envelope.token}`, { key: null });
    expect((reloaded.body.validation as Body).channels.id_check).toMatchObject({
      status: 'FAILED', attempts_left: 1, reasons: ['DOCUMENT_EXPIRED'], document_kinds: 'PASSPORT,ID_CARD,DRIVING_LICENCE', countries: null
    });
    expect(await attempt(await passport({ surname: 'Ode', givenNames: 'Ben' }))).toMatchObject({ status: 'LOCKED', reasons: ['NAME_MISMATCH'], attempts_left: 0 });
    const locked = await signer(api, envelope.token, 'document', { image: base64(await passport()) });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatch(/locked/);
    await waitFor(() => eventsOf(envelope.id, 'recipient.validation_id_check_locked').length === 1, 20_000, 'recipient.validation_id_check_locked');
    expect(eventsOf(envelope.id, 'recipient.validation_id_check_failed').map((event) => (event.event.data as Body).identity.reasons)).toEqual([['MRZ_CHECK_DIGIT'], ['DOCUMENT_EXPIRED'], ['NAME_MISMATCH']]);

    const reset = await api.call('POST', `${identityPath(envelope)}/reset`, { key: KEYS.globex, json: { check: 'id_check' } });
    expect(reset.status).toBe(200);
    expect((reset.body as Body).id_check).toMatchObject({ status: 'PENDING', attempts_used: 0, attempts: expect.any(Array) });
    expect(((reset.body as Body).id_check.attempts as unknown[]).length).toBe(3);
    expect(await attempt(await passport())).toMatchObject({ status: 'PASSED', attempts_left: 2 });

    // Another person's face in the selfie.
    const faces = await portraitImages();
    expect(faces.camera.source).toMatch(/CC0/);
    expect((await selfie(api, envelope.token, 'camera')).body).toMatchObject({ status: 'FAILED', passed: false, reasons: expect.arrayContaining(['FACE_MISMATCH']) });

    const approved = await api.call('POST', `${identityPath(envelope)}/approve`, { key: KEYS.globex, json: { check: 'biometric', reason: 'Met Ms Collins at the branch with her passport' } });
    expect(approved.status).toBe(200);
    expect((approved.body as Body).biometric).toMatchObject({ status: 'PASSED', method: 'manual', manual: { api_key_id: expect.any(String), reason: 'Met Ms Collins at the branch with her passport' } });
    const event = await waitFor(() => eventsOf(envelope.id, 'recipient.validation_biometric_success')[0], 20_000, 'biometric success');
    expect((event.event.data as Body).identity).toMatchObject({ method: 'manual', api_key_id: (approved.body as Body).biometric.manual.api_key_id });
    expect((await sign(api, envelope.token, drawn)).status).toBe(200);
  });

  it('passes a US driving licence read from its PDF417 barcode', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex, {
      ...IDENTITY_SETTINGS, 'settings[validations][biometric][enabled]': 'FALSE', 'settings[validations][id_check][document_kinds]': 'DRIVING_LICENCE', 'settings[validations][id_check][countries]': 'USA'
    }, { name: 'Ben Ode' });
    await consent(api, envelope.token);
    const licence = await makeDrivingLicence({ surname: 'Ode', givenNames: 'Ben', number: 'D1234562', country: 'USA', state: 'VA', birth: '1970-01-31', expiry: '2031-01-31', sex: 'M' });
    const answer = await signer(api, envelope.token, 'document', { image: base64(licence) });
    expect(answer.body).toMatchObject({ status: 'PASSED', passed: true });
    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect((record.body as Body).id_check.document).toEqual({ kind: 'DRIVING_LICENCE', country: 'USA', number_masked: '*****562', expires_on: '2031-01-31', read_from: 'PDF417' });
    // A passport is not what this envelope allows.
    const other = await identityEnvelope(api, KEYS.globex, { ...IDENTITY_SETTINGS, 'settings[validations][biometric][enabled]': 'FALSE', 'settings[validations][id_check][document_kinds]': 'DRIVING_LICENCE' });
    await consent(api, other.token);
    expect((await signer(api, other.token, 'document', { image: base64(await passport()) })).body).toMatchObject({ status: 'FAILED', reasons: ['DOCUMENT_KIND_NOT_ALLOWED'] });
  });

  it('records an integrator\'s assertion before sending, and lets the signer through on it', async () => {
    const form = { ...IDENTITY_SETTINGS, 'settings[validations][biometric][enabled]': 'FALSE' };
    const draft = await identityEnvelope(api, KEYS.globex, form, { send: false });
    const assertion = { provider: 'Acme KYC', reference: 'kyc-2026-0042', level: 'IAL2', verified_at: '2026-11-20T09:30:00Z' };
    const asserted = await api.call('POST', `${identityPath(draft)}/assertion`, { key: KEYS.globex, json: assertion });
    expect(asserted.status).toBe(200);
    expect((asserted.body as Body).id_check).toMatchObject({ status: 'PASSED', method: 'assertion', provider_reference: 'kyc-2026-0042', assertion: { ...assertion, verified_at: '2026-11-20T09:30:00.000Z' } });
    expect((await api.call('POST', `${identityPath(draft)}/assertion`, { key: KEYS.globex, json: { ...assertion, level: '' } })).status).toBe(422);
    const sent = await api.call('POST', `/api/v1/envelopes/${draft.id}/send_invitation`, { key: KEYS.globex });
    expect(sent.status).toBe(200);
    const link = await waitFor(() => api.events.find((event) => event.key === draft.id && event.event.event_type === 'recipient.link_generated'), 20_000, 'link');
    const token = String((link.event.data as Body).signing_url).split('/sign/')[1] as string;
    const session = await api.call('GET', `/signing/v1/${token}`, { key: null });
    expect(session.body.validation).toMatchObject({ verified: true, channels: { id_check: { verified: true, status: 'PASSED' } } });
    expect((await sign(api, token, drawn)).status).toBe(200);
    const evidence = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${draft.id}/evidence`, { key: KEYS.globex });
      return answer.status === 200 && answer.body;
    }, 60_000, 'the evidence sheet');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await (await fetch(evidence.evidence_document_url as string)).arrayBuffer()) }).toString();
    for (const value of ['Identity checks', 'Acme KYC', 'kyc-2026-0042', 'IAL2']) expect(text).toContain(value);
    // After sending, an assertion is too late.
    expect((await api.call('POST', `${identityPath(draft)}/assertion`, { key: KEYS.globex, json: assertion })).status).toBe(409);
  });

  it('declining the consent rejects the envelope', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    const session = await api.call('GET', `/signing/v1/${envelope.token}`, { key: null });
    const declined = await signer(api, envelope.token, 'consent', { consent: false, version: (session.body.validation as Body).identity_consent.version });
    expect(declined.body).toMatchObject({ success: true, state: 'REJECTED' });
    const rejected = await waitFor(() => eventsOf(envelope.id, 'recipient.rejected')[0], 20_000, 'recipient.rejected');
    expect((rejected.event.data as Body).reason).toBe('Declined the identity checks');
  });

  it('asks only the recipient whose own settings turn the checks on (recipients[k][validations])', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex, {
      'settings[emails][envelope_invitation]': 'FALSE',
      'recipients[eileen][validations][id_check][enabled]': 'TRUE', 'recipients[eileen][validations][id_check][max_attempts]': '2',
      'recipients[ben][email]': 'ben.recipient-settings@example.com', 'recipients[ben][name]': 'Ben Ode',
      'placements[1][document_key]': 'contract', 'placements[1][recipient_key]': 'ben', 'placements[1][coordinates][page]': '0',
      'placements[1][coordinates][top]': '600', 'placements[1][coordinates][left]': '300'
    });
    const links = await waitFor(() => {
      const found = api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'recipient.link_generated');
      return found.length === 2 && found;
    }, 20_000, 'both links');
    const tokenOf = (key: string) => String((links.find((link) => (link.event.data as Body).custom_key === key)?.event.data as Body).signing_url).split('/sign/')[1] as string;
    const eileen = await api.call('GET', `/signing/v1/${tokenOf('eileen')}`, { key: null });
    expect(eileen.body.validation).toMatchObject({ required: true, channels: { id_check: { required: true, attempts_left: 2 }, biometric: { required: false } } });
    const ben = await api.call('GET', `/signing/v1/${tokenOf('ben')}`, { key: null });
    expect(ben.body.validation).toMatchObject({ required: false });
    expect((await sign(api, tokenOf('ben'), drawn)).status).toBe(200);
    expect((await sign(api, tokenOf('eileen'), drawn)).status).toBe(403);
  });

  it('puts an envelope in ERROR when a recipient\'s own settings ask for a selfie without the ID check', async () => {
    const draft = await identityEnvelope(api, KEYS.globex, { 'recipients[eileen][validations][biometric][enabled]': 'TRUE' }, { send: false });
    const envelope = (await api.call('GET', `/api/v1/envelopes/${draft.id}`, { key: KEYS.globex })).body.envelope as Body;
    expect(envelope).toMatchObject({ status: 'ERROR', errors: [{ field: 'recipients.eileen.validations.biometric.enabled', code: 'ID_CHECK_REQUIRED' }] });
    const bad = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: { 'recipients[a][email]': 'a@example.com', 'recipients[a][name]': 'A', 'recipients[a][validations][id_check][name_match]': 'ALWAYS' } });
    expect(bad.status).toBe(422);
    expect((bad.body.details as Body[]).map((detail) => detail.field)).toContain('recipients.a.validations.id_check.name_match');
  });

  it('keeps another tenant out of a recipient\'s identity record', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    expect((await api.call('GET', identityPath(envelope), { key: KEYS.acme })).status).toBe(404);
    expect((await api.call('POST', `${identityPath(envelope)}/reset`, { key: KEYS.acme, json: { check: 'id_check' } })).status).toBe(404);
    expect(HOLDER.name).toBe('Eileen Marie Collins');
  });
});

describe('identity checks on Kafka', () => {
  let api: TestSignet;
  let closeInfrastructure: () => Promise<void>;

  beforeAll(async () => {
    const infrastructure = await (INFRASTRUCTURE_MODES.find(([mode]) => mode.startsWith('Kafka'))?.[1] as () => Promise<{ env: Record<string, string>; close(): Promise<void> }>)();
    closeInfrastructure = infrastructure.close;
    api = await startTestSignet(infrastructure.env);
  });

  afterAll(async () => {
    await api.close();
    await closeInfrastructure();
  });

  it('carries the identity events over the broker to the envelope, which shows where the check stands', async () => {
    const draft = await identityEnvelope(api, KEYS.globex, { ...IDENTITY_SETTINGS, 'settings[validations][biometric][enabled]': 'FALSE' }, { send: false });
    const assertion = { provider: 'Acme KYC', reference: 'kyc-2026-0077', level: 'IAL2', verified_at: '2026-11-21T08:00:00Z' };
    expect((await api.call('POST', `${identityPath(draft)}/assertion`, { key: KEYS.globex, json: assertion })).status).toBe(200);
    const event = await waitFor(() => api.events.find((candidate) => candidate.key === draft.id && candidate.event.event_type === 'recipient.validation_id_check_success'), 30_000, 'the success event from Kafka');
    expect((event.event.data as Body).identity).toMatchObject({ method: 'assertion', provider_reference: 'kyc-2026-0077', status: 'PASSED' });
    const shown = await waitFor(async () => {
      const signers = ((await api.call('GET', `/api/v1/envelopes/${draft.id}`, { key: KEYS.globex })).body.envelope as Body).envelope_signers as Body[];
      return signers[0]?.identity?.id_check;
    }, 30_000, 'the outcome on the envelope');
    expect(shown).toMatchObject({ status: 'PASSED', method: 'assertion' });
  });
});
