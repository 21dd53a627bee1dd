import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@signet/log';
import { AppError } from './app-error';
import { capacityError } from './capacity-errors';
import { requestIdOf } from './request-context';

interface BodyParserError {
  type?: string;
  status?: number;
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const capacity = capacityError(error);
  if (capacity) return capacity;
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 'The body is not valid JSON');
  if (parserError?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body encoding is not supported');
  }
  return null;
}

/** The one place errors become HTTP responses: `{error, code, request_id, details?}`. */
export function errorMiddleware(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = toAppError(error);
    if (appError?.code === 'OVERLOADED') log.warn({ err: error, request_id: requestIdOf(res), method: req.method, url: req.originalUrl }, 'out of capacity');
    if (!appError) {
      log.error({ err: error, request_id: requestIdOf(res), method: req.method, url: req.originalUrl }, 'unhandled error');
    }
    const final = appError ?? new AppError('INTERNAL_ERROR', 'Internal error');
    for (const [name, value] of Object.entries(final.headers)) res.setHeader(name, value);
    res.status(final.status).json({
      error: final.message,
      code: final.code,
      ...(final.details ? { details: final.details } : {})
    });
  };
}

export function notFoundRoute(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
}
