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

/** Where a failed request came from, for the log line an unexpected error gets. */
export interface FailedRequest {
  request_id: string;
  method: string;
  url: string;
}

/**
 * The AppError an error is answered as; one that is not an AppError (nor a known parser or capacity
 * failure) is logged and answered as INTERNAL_ERROR, so its message never reaches the caller.
 */
export function answeredError(error: unknown, log: Logger, request: FailedRequest): AppError {
  const appError = toAppError(error);
  if (appError?.code === 'OVERLOADED') log.warn({ err: error, ...request }, 'out of capacity');
  if (!appError) log.error({ err: error, ...request }, 'unhandled error');
  return appError ?? new AppError('INTERNAL_ERROR', 'Internal error');
}

/** The body of an error answer, without the request id jsonResponses adds. */
export function errorBody(error: AppError): { error: string; code: string; details?: AppError['details'] } {
  return { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) };
}

/** The one place errors become HTTP responses: `{error, code, request_id, details?}`. */
export function errorMiddleware(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const final = answeredError(error, log, { request_id: requestIdOf(res), method: req.method, url: req.originalUrl });
    for (const [name, value] of Object.entries(final.headers)) res.setHeader(name, value);
    res.status(final.status).json(errorBody(final));
  };
}

export function notFoundRoute(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
}
