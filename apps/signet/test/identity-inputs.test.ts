import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hostileImages, makeSelfie, plainImage, portraitImages, sideBySide } from '@signet/identity/testing';
import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { base64, consent, IDENTITY_SETTINGS, identityEnvelope, identityPath, passport, signer } from './identity/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('identity checks: bad input, settings, images at rest and their erasure', () => {
  let api: TestSignet;
  /** The filesystem blob store's identity images (monolith mode keeps blobs under DATA_DIR/blobs). */
  const identityBlobs = () => filesUnder(path.join(api.signet.config.dataDir, 'blobs')).filter((file) => file.includes(`${path.sep}identity${path.sep}`));
  const now = async (): Promise<Date> => new Date((await api.call('GET', '/dev/clock', { key: null })).body.now as string);

  beforeAll(async () => {
    api = await startTestSignet({ SIGNET_TEST_CLOCK: 'true' });
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers every malformed image with a 422 naming the field and counts no attempt, while /healthz keeps answering', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    await consent(api, envelope.token);
    const hostile = await hostileImages();
    const cases: Array<[string, Buffer, RegExp]> = [
      ['not an image', hostile.notAnImage, /JPEG, PNG or WebP/i],
      ['a truncated JPEG', hostile.truncatedJpeg, /truncated|incomplete/i],
      ['a 20,000 x 20,000 image', hostile.huge, /megapixels|too large|pixels/i],
      ['a zip bomb of a PNG', hostile.zipBomb, /megapixels|too large|pixels/i]
    ];
    for (const [, image, message] of cases) {
      const answer = await signer(api, envelope.token, 'document', { image: base64(image) });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'image', message: expect.stringMatching(message) }] });
    }
    expect((await signer(api, envelope.token, 'document', { image: 'not base64 at all!' })).status).toBe(422);
    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect((record.body as Body).id_check === null || (record.body as Body).id_check.attempts_used === 0).toBe(true);

    // Three checks queue in the verifier's worker; the event loop keeps answering.
    let settled = 0;
    const checks = [1, 2, 3].map(async () => {
      const other = await identityEnvelope(api, KEYS.globex);
      await consent(api, other.token);
      const answer = await signer(api, other.token, 'document', { image: base64(await passport()) });
      settled += 1;
      return answer.status;
    });
    await waitFor(async () => {
      const rows = await api.tables('validation.identity_checks').count<Array<{ count: string }>>('id as count');
      return Number(rows[0]?.count) >= 4;
    }, 60_000, 'the three checks under way');
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(200);
    expect(settled).toBeLessThan(3);
    expect(await Promise.all(checks)).toEqual([200, 200, 200]);
  });

  it('fails a selfie with no face or with two faces, with its reason', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex);
    await consent(api, envelope.token);
    expect((await signer(api, envelope.token, 'document', { image: base64(await passport()) })).body).toMatchObject({ status: 'PASSED' });
    const faces = await portraitImages();
    const frames = async (neutral: Buffer) => {
      const challenge = await signer(api, envelope.token, 'selfie/challenge');
      const tilt = challenge.body.challenge === 'TILT_LEFT' ? 18 : -18;
      return signer(api, envelope.token, 'selfie', { neutral: base64(neutral), challenge: base64(await makeSelfie(faces.astronaut.portrait, { tilt })) });
    };
    expect((await frames(await plainImage())).body).toMatchObject({ status: 'FAILED', reasons: expect.arrayContaining(['NO_FACE']) });
    expect((await frames(await sideBySide(faces.astronaut.portrait, faces.camera.portrait))).body).toMatchObject({ status: 'FAILED', reasons: expect.arrayContaining(['MULTIPLE_FACES']), attempts_left: 1 });
    // Without a challenge issued, frames are refused before anything is judged.
    expect((await signer(api, envelope.token, 'selfie', { neutral: base64(await plainImage()), challenge: base64(await plainImage()) })).status).toBe(409);
  });

  it('refuses bad identity settings with a 422 naming the field, and puts a selfie check without an ID check in ERROR', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ id_check: { max_attempts: 0 } }, 'validations.id_check.max_attempts'],
      [{ id_check: { name_match: 'SOMETIMES' } }, 'validations.id_check.name_match'],
      [{ id_check: { document_kinds: 'PASSPORT,VISA' } }, 'validations.id_check.document_kinds'],
      [{ id_check: { provider: 'acme' } }, 'validations.id_check.provider'],
      [{ biometric: { similarity_threshold: '1.5' } }, 'validations.biometric.similarity_threshold'],
      [{ biometric: { retention_days: 0 } }, 'validations.biometric.retention_days']
    ];
    for (const [validations, field] of bad) {
      const answer = await api.call('PUT', '/api/v1/settings', { key: KEYS.acme, json: { validations } });
      expect(answer.status).toBe(422);
      expect((answer.body.details as Body[]).map((detail) => detail.field)).toContain(field);
    }
    const settings = await api.call('GET', '/api/v1/settings', { key: KEYS.acme });
    expect((settings.body as Body).settings).toMatchObject({ validations: {
      id_check: { enabled: false, order: 0, provider: 'local', document_kinds: 'PASSPORT,ID_CARD,DRIVING_LICENCE', countries: null, name_match: 'MODERATE', max_attempts: 3, retention_days: 30 },
      biometric: { enabled: false, provider: 'local', max_attempts: 3, retention_days: 30, similarity_threshold: 0.7, antispoof_threshold: 0.3, liveness_threshold: 0.4 }
    } });
    const updated = await api.call('PUT', '/api/v1/settings', { key: KEYS.acme, json: { validations: { biometric: { similarity_threshold: '0.8' } } } });
    expect((updated.body as Body).settings.validations.biometric.similarity_threshold).toBe(0.8);

    const draft = await identityEnvelope(api, KEYS.globex, { ...IDENTITY_SETTINGS, 'settings[validations][id_check][enabled]': 'FALSE' }, { send: false });
    const envelope = (await api.call('GET', `/api/v1/envelopes/${draft.id}`, { key: KEYS.globex })).body.envelope as Body;
    expect(envelope).toMatchObject({ status: 'ERROR', errors: [{ field: 'settings.validations.biometric.enabled', code: 'ID_CHECK_REQUIRED', message: expect.any(String) }] });
  });

  it('keeps images sealed at rest, erases them on redact, and after retention_days on Signet\'s clock, keeping their hashes', async () => {
    const before = identityBlobs().length;
    const envelope = await identityEnvelope(api, KEYS.globex, { ...IDENTITY_SETTINGS, 'settings[validations][id_check][retention_days]': '2' });
    await consent(api, envelope.token);
    const image = await passport();
    expect((await signer(api, envelope.token, 'document', { image: base64(image) })).body).toMatchObject({ status: 'PASSED' });
    const stored = identityBlobs().filter((file) => file.includes(envelope.recipientId));
    expect(stored.length).toBe(1);
    const sealed = readFileSync(stored[0] as string);
    expect(sealed.subarray(0, 13).toString()).toBe('SIGNET-IDIMG1');
    expect(sealed.includes(image.subarray(0, 64))).toBe(false);
    expect(identityBlobs().length).toBe(before + 1);

    const start = await now();
    await api.call('POST', '/dev/clock', { key: null, json: { advance_by: 'P1D' } });
    expect(identityBlobs().filter((file) => file.includes(envelope.recipientId)).length).toBe(1);
    await api.call('POST', '/dev/clock', { key: null, json: { advance_by: 'P1DT1H' } });
    await waitFor(() => identityBlobs().filter((file) => file.includes(envelope.recipientId)).length === 0, 30_000, 'the images purged after 2 days');
    expect((await now()).getTime() - start.getTime()).toBeGreaterThanOrEqual(2 * 24 * 3600_000);
    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect((record.body as Body).id_check).toMatchObject({ images_purged_at: expect.any(String), attempts: [{ images: [{ role: 'document', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] }] });
    await waitFor(() => api.events.some((event) => event.key === envelope.id && event.event.event_type === 'recipient.validation_identity_redacted'), 20_000, 'redacted event');

    // Redact: now, whatever the retention.
    const other = await identityEnvelope(api, KEYS.globex);
    await consent(api, other.token);
    await signer(api, other.token, 'document', { image: base64(await passport({ flipMrzChar: 5 })) });
    await signer(api, other.token, 'document', { image: base64(await passport()) });
    expect(identityBlobs().filter((file) => file.includes(other.recipientId)).length).toBe(2);
    const redacted = await api.call('POST', `${identityPath(other)}/redact`, { key: KEYS.globex });
    expect(redacted.body).toMatchObject({ success: true, attempts: 2 });
    expect(identityBlobs().filter((file) => file.includes(other.recipientId))).toEqual([]);
    const after = await api.call('GET', identityPath(other), { key: KEYS.globex });
    expect((after.body as Body).id_check.images_purged_at).toEqual(expect.any(String));
    expect(((after.body as Body).id_check.attempts as Body[]).map((attempt) => attempt.images[0].sha256)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });
});
