import { activeContentPdf, ActiveContentKind } from '@signet/testkit';
import { closePdfWorkers, findTextTokens, inspectPdf } from '../src';

const REFUSED: Array<[ActiveContentKind, string]> = [
  ['openaction-javascript', '/OpenAction /JavaScript'],
  ['launch', '/A /Launch'],
  ['javascript-name-tree', 'document-level JavaScript (/Names /JavaScript)'],
  ['page-aa-javascript', '/AA /O /JavaScript'],
  ['field-javascript-in-object-stream', '/A /JavaScript']
];

describe('active content', () => {
  afterAll(closePdfWorkers);

  it.each(REFUSED)('refuses %s, naming the action', async (kind, action) => {
    const pdf = await activeContentPdf(kind);
    const error = await inspectPdf(pdf).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'InvalidPdfError', reason: 'active_content' });
    expect((error as Error).message).toContain(`(${action})`);
    await expect(findTextTokens(pdf, ['x'])).rejects.toMatchObject({ reason: 'active_content' });
  });

  it('accepts an ordinary web link (/URI)', async () => {
    await expect(inspectPdf(await activeContentPdf('uri-link'))).resolves.toMatchObject({ pageCount: 1 });
  });
});
