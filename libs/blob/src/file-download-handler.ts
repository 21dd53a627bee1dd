import type { NextFunction, Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError } from './blob-errors';
import { isBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';
import { attachmentDisposition } from './content-disposition';
import { verifyFileLink } from './file-link';

function queryString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// Express 5 gives a `*key` wildcard as its path segments.
function keyFrom(req: Request): string {
  const param: unknown = req.params['key'];
  return Array.isArray(param) ? param.join('/') : String(param ?? '');
}

/** By the key's extension: the stores keep PDFs, and the PNG and JPEG files recipients upload for ATTACHMENT fields. */
const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.toLowerCase().split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/**
 * Serves the filesystem store's signed download links on `GET /files/*key`: 403 for a link that is
 * forged, altered or expired, 404 when the blob is gone, else the bytes.
 */
export function fileDownloadHandler(store: BlobStore, signingSecret: string, clock: () => Date = () => new Date()) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = keyFrom(req);
    const expires = queryString(req.query['expires']);
    const signature = queryString(req.query['signature']) ?? '';
    const name = queryString(req.query['name']);
    const valid = isBlobKey(key) && expires !== undefined && /^\d{1,12}$/.test(expires)
      && verifyFileLink(signingSecret, key, Number(expires), signature, name, clock());
    if (!valid) {
      res.status(403).json({ error: 'The download link is invalid or has expired', code: 'FORBIDDEN' });
      return;
    }

    const blob = await store.get(key).catch((error: unknown) => {
      if (error instanceof BlobNotFoundError) return undefined;
      throw error;
    });
    if (blob === undefined) {
      res.status(404).json({ error: 'The file no longer exists', code: 'NOT_FOUND' });
      return;
    }

    res.setHeader('Content-Type', contentTypeOf(key));
    if (name !== undefined) res.setHeader('Content-Disposition', attachmentDisposition(name));
    await pipeline(blob, res).catch((error: unknown) => {
      // Once bytes are on the wire the response cannot turn into an error, and a client that hung up is no fault here.
      if (!res.headersSent) next(error);
    });
  };
}
