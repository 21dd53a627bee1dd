import type { NextFunction, Request, Response } from 'express';
import type { TSchema } from '@signet/contracts';
import { validationError } from './app-error';
import { parseWith } from './validate';

/** Route middleware: a JSON body that breaks the schema is a 422 with field details before the handler runs. */
export function validateBody(schema: TSchema) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    parseWith(schema, req.body ?? {});
    next();
  };
}

/** Whether the request carries a body at all: JSON parsers read an empty one as `{}`, which hides its absence. */
export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return Number(req.headers['content-length'] ?? 0) > 0;
}

/** A required JSON body that is missing is a 422 naming it, not an empty object that changes nothing. */
export function requireBody(req: Request, what: string): void {
  if (!hasBody(req)) throw validationError([{ field: 'body', message: `is required: ${what}` }]);
}
