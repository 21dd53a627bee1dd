import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from '@signet/http';

export interface FormLimits {
  /** Largest single field value, in bytes (inline base64 documents are fields). */
  fieldSize: number;
  fields: number;
}

/**
 * The raw `[name, value]` pairs of a multipart or urlencoded body, in order. Bracket names are left as
 * they are, so the shared parser (not a library's own) decides what a name may be.
 */
export function readFormFields(req: Request, limits: FormLimits): Promise<Array<[string, string]>> {
  if (!req.is('multipart/form-data') && !req.is('application/x-www-form-urlencoded')) {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the envelope as multipart/form-data'));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { fieldSize: limits.fieldSize, fields: limits.fields, files: 0, fieldNameSize: 300 } });
  } catch {
    // busboy refuses a Content-Type it cannot split (multipart without boundary=) while it is being built.
    return Promise.reject(new AppError('BAD_REQUEST', 'The form body could not be read: multipart/form-data needs a boundary= parameter'));
  }
  return new Promise((resolve, reject) => {
    const fields: Array<[string, string]> = [];
    let failure: AppError | null = null;
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) failure ??= new AppError('PAYLOAD_TOO_LARGE', `${name} is larger than ${limits.fieldSize} bytes; use an upload URL for large documents`);
      else fields.push([name, value]);
    });
    parser.on('file', (name, stream) => {
      stream.resume();
      failure ??= new AppError('VALIDATION_FAILED', 'Documents are sent as base64 fields, not files', [{ field: name, message: 'send the PDF as documents[key][base64]' }]);
    });
    parser.on('fieldsLimit', () => {
      failure ??= new AppError('VALIDATION_FAILED', `At most ${limits.fields} form fields are accepted`);
    });
    parser.on('error', () => reject(new AppError('BAD_REQUEST', 'The form body could not be read')));
    parser.on('close', () => (failure ? reject(failure) : resolve(fields)));
    req.pipe(parser);
  });
}
