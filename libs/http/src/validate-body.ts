import type { NextFunction, Request, Response } from 'express';
import type { TSchema } from '@signet/contracts';
import { parseWith } from './validate';

/** Route middleware: a JSON body that breaks the schema is a 422 with field details before the handler runs. */
export function validateBody(schema: TSchema) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    parseWith(schema, req.body ?? {});
    next();
  };
}
