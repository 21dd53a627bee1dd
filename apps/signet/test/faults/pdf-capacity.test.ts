import { samplePdf } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from '../harness';

/**
 * One PDF worker and no wait queue: concurrent creates find no room. Each must be created, or told to
 * come back (503 OVERLOADED with Retry-After): never refused as an invalid PDF, never a 500.
 */
describe('creating envelopes with no PDF capacity left', () => {
  let api: TestSignet;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await samplePdf();
    api = await startTestSignet({ PDF_WORKERS: '1', PDF_QUEUE_MAX: '0' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers 503 OVERLOADED with Retry-After for what does not fit, and creates the rest', async () => {
    const form = {
      'documents[contract][base64]': pdf.toString('base64'),
      'recipients[signer_1][email]': 'ana@example.com',
      'recipients[signer_1][name]': 'Ana Lima'
    };
    const responses = await Promise.all(Array.from({ length: 8 }, () => api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    const overloaded = responses.filter((response) => response.status === 503);
    expect(overloaded.length).toBeGreaterThan(0);
    for (const response of overloaded) {
      expect(response.body).toMatchObject({ code: 'OVERLOADED', request_id: expect.any(String), error: expect.any(String) });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

