import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from '@signet/http';

/** An ATTACHMENT field's file may be as large as an inline document. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface AttachmentFile {
  name: string;
  bytes: Buffer;
}

const TOO_LARGE = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);

/** The one file of a multipart body (field `file`), held in memory up to the limit; anything larger is a 413. */
export function readAttachmentFile(req: Request): Promise<AttachmentFile> {
  if (!req.is('multipart/form-data')) return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a field named file'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_ATTACHMENT_BYTES, fields: 5, fieldSize: 1024 } });
  } catch {
    return Promise.reject(new AppError('BAD_REQUEST', 'The form body could not be read: multipart/form-data needs a boundary= parameter'));
  }
  return new Promise((resolve, reject) => {
    let file: AttachmentFile | null = null;
    let failure: AppError | null = null;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        failure ??= new AppError('VALIDATION_FAILED', 'Invalid attachment', [{ field, message: 'send the file in a field named file' }]);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (failure ??= TOO_LARGE()));
      stream.on('end', () => {
        file = { name: (info.filename || 'attachment').slice(0, 255), bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => (failure ??= new AppError('VALIDATION_FAILED', 'Send one file at a time')));
    parser.on('error', () => reject(new AppError('BAD_REQUEST', 'The form body could not be read')));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!file) reject(new AppError('VALIDATION_FAILED', 'Invalid attachment', [{ field: 'file', message: 'is required: a PDF, PNG or JPEG file' }]));
      else resolve(file);
    });
    req.pipe(parser);
  });
}
