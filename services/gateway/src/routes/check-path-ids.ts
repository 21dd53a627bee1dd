import type { NextFunction, Request, Response } from 'express';
import { isId } from '@signet/contracts';
import { notFound } from '@signet/http';

/** Path parameters that carry an id Signet gave out (tokens are credentials, looked up only by their hash). */
const ID_PARAMETERS = ['id', 'envelope_id', 'recipient_id', 'delivery_id', 'document_id'];

/** The thing each collection in a path holds, as its part names it when an id is unknown. */
const THING_IN: Record<string, string> = { envelopes: 'Envelope', webhooks: 'Webhook', batches: 'Batch', templates: 'Template', uploads: 'Upload', deliveries: 'Delivery', dead_letters: 'Dead letter', recipients: 'Recipient', documents: 'Document', builder_sessions: 'Builder session', api_keys: 'API key' };

/** The route's id parameters, when it has any. */
export function idParametersOf(path: string): string[] {
  return ID_PARAMETERS.filter((name) => path.includes(`/:${name}`));
}

/** What an unknown id of `name` in `path` answers, in the words of the part that owns the route. */
export function missingThing(path: string, name: string): string {
  if (path.includes('/validations/') || path.includes('/identity')) return 'Envelope or recipient';
  const segments = path.split('/');
  const collection = segments[segments.indexOf(`:${name}`) - 1] ?? '';
  return THING_IN[collection] ?? 'Resource';
}

/**
 * An id in a path that Signet could never have given out names nothing: 404, answered exactly as an unknown
 * id is, before it reaches a service or a query. Ids are checked strictly (a UUID), not merely for what a
 * database refuses.
 */
export function checkPathIds(path: string, names: string[]) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const bad = names.find((name) => !isId(String(req.params[name])));
    next(bad === undefined ? undefined : notFound(missingThing(path, bad)));
  };
}
