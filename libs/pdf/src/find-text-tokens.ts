import type { PdfLimits } from './pdf-limits';
import { runPdfTask } from './run-pdf-task';
import type { TokenPosition } from './types';

/**
 * Every occurrence of each token in the text of the pages, keyed by token (an empty list when absent).
 * Validates the PDF exactly as inspectPdf does, so both reject the same files.
 */
export async function findTextTokens(
  bytes: Uint8Array,
  tokens: string[],
  limits?: Partial<PdfLimits>
): Promise<Record<string, TokenPosition[]>> {
  if (tokens.some((token) => typeof token !== 'string' || token === '')) {
    throw new TypeError('Tokens must be non-empty strings');
  }
  return runPdfTask('findTokens', { bytes }, { tokens: [...new Set(tokens)] }, limits);
}
