import { waitFor } from '@signet/testkit';
import { AVAILABLE_PARTS } from '../src/registry';
import { KEYS, startTestSignet, TestSignet } from './harness';

const recipientsOnly = { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' };
// An enterprise key: a waiting test creates envelopes until it sees the change, far more than a starter's 10 an hour.
const key: string = KEYS.globex;

/** The language a new envelope of `owner` gets from the key's stored settings. */
async function languageOfNewEnvelope(api: TestSignet, owner = key): Promise<unknown> {
  const created = await api.call('POST', '/api/v1/envelopes', { key: owner, form: recipientsOnly });
  expect([created.status, created.body]).toEqual([200, expect.anything()]);
  const envelope = created.body.envelope as { id: string };
  const shown = await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: owner });
  return (shown.body.envelope as { settings: { signature_flow: { language: string } } }).settings.signature_flow.language;
}

async function putLanguage(api: TestSignet, language: string): Promise<void> {
  const response = await api.call('PUT', '/api/v1/settings', { key, json: { signature_flow: { language } } });
  expect([response.status, response.body]).toEqual([200, expect.anything()]);
}

describe('a change of settings reaches the next create (settings are cached per key)', () => {
  let api: TestSignet;
  // Time stands still, so a cached entry never reaches its staleness bound: only a change's notification can refresh it.
  const frozen = new Date();

  beforeAll(async () => {
    api = await startTestSignet({}, AVAILABLE_PARTS, () => new Date(frozen));
  });

  afterAll(async () => {
    await api.close();
  });

  it('uses a change made through the API on the very next create', async () => {
    await putLanguage(api, 'ES');
    expect(await languageOfNewEnvelope(api)).toBe('ES');
    await putLanguage(api, 'EN');
    expect(await languageOfNewEnvelope(api)).toBe('EN');
    await putLanguage(api, 'ES');
    expect(await languageOfNewEnvelope(api)).toBe('ES');
  });

  it('uses a change committed elsewhere (another replica, an operator) once its notification arrives', async () => {
    await putLanguage(api, 'ES');
    expect(await languageOfNewEnvelope(api)).toBe('ES');
    const changed = await api.tables.raw(
      `UPDATE settings.api_key_settings SET overrides = jsonb_set(overrides, '{signature_flow,language}', '"EN"')
       WHERE api_key_id = (SELECT id FROM gateway.api_keys WHERE tenant_id = 'globex' ORDER BY created_at LIMIT 1)`
    );
    expect(changed.rowCount).toBe(1);
    await waitFor(async () => (await languageOfNewEnvelope(api)) === 'EN', 20_000, 'the new language on a new envelope');
  });

  it('keeps each key its own settings', async () => {
    await putLanguage(api, 'ES');
    expect(await languageOfNewEnvelope(api)).toBe('ES');
    expect(await languageOfNewEnvelope(api, KEYS.globexSecond)).toBe('EN');
  });
});
