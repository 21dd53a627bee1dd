import { InvalidPdfError, inspectPdf } from '@signet/pdf';
import { inspectedOnce } from './inspected-once';

jest.mock('@signet/pdf', () => {
  const actual = jest.requireActual('@signet/pdf');
  return { ...actual, inspectPdf: jest.fn() };
});

const inspect = inspectPdf as jest.MockedFunction<typeof inspectPdf>;
const onePage = { pageCount: 1, pages: [{ width: 612, height: 792 }] };

describe('inspectedOnce', () => {
  beforeEach(() => inspect.mockReset());

  it('inspects the same bytes of one tenant once, and again for another tenant', async () => {
    inspect.mockResolvedValue(onePage as never);
    const bytes = Buffer.from('%PDF-1.7 the same contract');
    expect(await inspectedOnce('acme', bytes)).toEqual(onePage);
    expect(await inspectedOnce('acme', Buffer.from(bytes))).toEqual(onePage);
    expect(inspect).toHaveBeenCalledTimes(1);
    await inspectedOnce('globex', bytes);
    expect(inspect).toHaveBeenCalledTimes(2);
    await inspectedOnce('acme', Buffer.from('%PDF-1.7 another contract'));
    expect(inspect).toHaveBeenCalledTimes(3);
  });

  it('keeps no refusal: a refused document is inspected, and refused, each time', async () => {
    inspect.mockRejectedValue(new InvalidPdfError('corrupt', 'corrupt'));
    const bytes = Buffer.from('%PDF-1.7 broken');
    await expect(inspectedOnce('acme', bytes)).rejects.toBeInstanceOf(InvalidPdfError);
    await expect(inspectedOnce('acme', bytes)).rejects.toBeInstanceOf(InvalidPdfError);
    expect(inspect).toHaveBeenCalledTimes(2);
  });
});
