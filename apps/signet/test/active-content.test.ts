import { activeContentPdf, ActiveContentKind } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

/** Executable actions never reach signers or signed PDFs: an inline document carrying one is refused. */
describe('inline documents with active content', () => {
  let api: TestSignet;
  beforeAll(async () => {
    api = await startTestSignet();
  });
  afterAll(async () => {
    await api?.close();
  });

  const create = async (kind: ActiveContentKind) => api.call('POST', '/api/v1/envelopes', {
    key: KEYS.globex,
    form: {
      'documents[contract][base64]': (await activeContentPdf(kind)).toString('base64'),
      'recipients[signer_1][email]': 'ana@example.com',
      'recipients[signer_1][name]': 'Ana Lima'
    }
  });

  it.each([
    ['openaction-javascript', '/OpenAction /JavaScript'],
    ['launch', '/A /Launch'],
    ['javascript-name-tree', '/Names /JavaScript']
  ] as Array<[ActiveContentKind, string]>)('refuses %s with 422 naming the action', async (kind, action) => {
    const response = await create(kind);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'documents.contract.base64', message: expect.stringContaining(action) }] });
  });

  it('accepts a document with an ordinary web link', async () => {
    expect((await create('uri-link')).status).toBe(200);
  });
});
