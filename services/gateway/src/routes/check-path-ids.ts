import type { NextFunction, Request, Response } from 'express';
import { isId } from '@signet/contracts';
import { AppError } from '@signet/http';

/** Path parameters that carry an id Signet gave out (tokens are credentials, looked up only by their hash). */
const ID_PARAMETERS = ['id', 'envelope_id', 'recipient_id', 'delivery_id', 'document_id'];

/** The route's id parameters, when it has any. */
export function idParametersOf(path: string): string[] {
  return ID_PARAMETERS.filter((name) => path.includes(`/:${name}`));
}

/**
 * An id in a path that Signet could never have given out names nothing: 404, as an unknown id does, before
 * it reaches a service or a query. Ids are checked strictly (a UUID), not merely for what a database refuses.
 */
export function checkPathIds(names: string[]) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const bad = names.find((name) => !isId(String(req.params[name])));
    next(bad === undefined ? undefined : new AppError('NOT_FOUND', `Nothing has this ${bad}: ids are UUIDs`));
  };
}
