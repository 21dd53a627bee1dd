import { AppError } from '@signet/http';

const DATA_URL_PREFIX = /^data:application\/pdf;base64,/i;

/** Strict base64 (line breaks allowed, as mail-style encoders add them); anything else is invalid PDF content. */
export function decodeBase64Pdf(value: string, field: string): Buffer {
  const compact = value.replace(DATA_URL_PREFIX, '').replace(/[\r\n\t ]/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid PDF content', [{ field, message: 'invalid PDF content: the value is not valid base64' }]);
  }
  return Buffer.from(compact, 'base64');
}
