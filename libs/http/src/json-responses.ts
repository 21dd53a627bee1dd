import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Gives the request its id (from `resolveRequestId`), echoes it in `X-Request-Id`, and adds
 * `request_id` to every JSON object body, so no handler can forget it.
 */
export function jsonResponses(resolveRequestId: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = resolveRequestId(req);
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const json = res.json.bind(res);
    res.json = (body?: unknown) => {
      const withId = body !== null && typeof body === 'object' && !Array.isArray(body) && !('request_id' in body)
        ? { ...(body as object), request_id: requestId }
        : body;
      return json(withId);
    };
    next();
  };
}
