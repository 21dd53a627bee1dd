import { contentBombPdf } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A document that opens within the limits but whose text cannot be searched within them: the envelope
 * is created in ERROR naming the token placements (fixable by another document or coordinates), never a
 * 500 and never a refusal of the document itself.
 */
describe('a token search over its limits', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet({ PDF_MAX_MEMORY_MB: '64' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('creates the envelope in ERROR with TOKEN_SEARCH_FAILED on each token placement', async () => {
    const created = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: {
        'documents[contract][base64]': contentBombPdf(256).toString('base64'),
        'recipients[ana][email]': 'ana@example.com',
        'recipients[ana][name]': 'Ana Lima',
        'placements[0][recipient_key]': 'ana',
        'placements[0][document_key]': 'contract',
        'placements[0][type]': 'SIGNATURE',
        'placements[0][token]': '{{ana}}'
      }
    });
    expect(created.status).toBe(200);
    const envelope = created.body.envelope as Body;
    expect(envelope.status).toBe('ERROR');
    expect(envelope.errors).toEqual([expect.objectContaining({ code: 'TOKEN_SEARCH_FAILED', message: expect.stringMatching(/could not be searched/) })]);
  });
});
