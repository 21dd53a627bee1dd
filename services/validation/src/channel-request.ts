import type { Request } from 'express';
import type { Static, TSchema } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';

/**
 * The body of send_code and verify_code: none at all (spec 4.5's send_code), or JSON. A body of another
 * type is refused; an empty one reads as `{}`, so the channel defaults to email.
 */
export function readCodeRequest<S extends TSchema>(req: Request, schema: S, example: string): Static<S> {
  if (req.headers['content-type'] !== undefined && !req.is('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as application/json: ${example}`);
  }
  return parseWith(schema, req.body ?? {});
}
