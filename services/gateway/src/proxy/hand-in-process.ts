import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, handContext, REQUEST_ID_HEADER, RequestContext } from '@signet/http';
import type { ProxyTap } from '../idempotency/proxy-tap';
import { hasBody, keptHeaders, MAX_KEPT_ANSWER_BYTES } from './kept-answer';

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
}

/**
 * Holds the part's answer back until the tap has kept it (as the HTTP proxy does with a service's
 * answer), so no retry can run before it is kept; an answer over the limit is sent on, unkept.
 */
export function keepAnswer(res: Response, tap: ProxyTap): void {
  const write = res.write.bind(res) as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk, encoding?: BufferEncoding, callback?: () => void) => Response;
  const chunks: Buffer[] = [];
  let size = 0;
  let passing = false;
  const hold = (chunk: Chunk | undefined, encoding?: BufferEncoding) => {
    if (chunk === undefined || chunk === null) return;
    const buffer = toBuffer(chunk, encoding);
    chunks.push(buffer);
    size += buffer.length;
    if (size <= MAX_KEPT_ANSWER_BYTES) return;
    passing = true;
    for (const kept of chunks.splice(0)) write(kept);
  };
  res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    if (passing) return write(chunk, typeof encoding === 'string' ? encoding : undefined, typeof encoding === 'function' ? encoding : callback);
    hold(chunk, typeof encoding === 'string' ? encoding : undefined);
    return true;
  }) as Response['write'];
  res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void)) => {
    const data = typeof chunk === 'function' ? undefined : chunk;
    if (passing) return end(data, typeof encoding === 'string' ? encoding : undefined);
    hold(data, typeof encoding === 'string' ? encoding : undefined);
    if (passing) return end();
    const body = Buffer.concat(chunks);
    // The tap logs its own failures; the client gets the answer whether or not it could be kept.
    tap.answered({ status: res.statusCode, headers: keptHeaders((name) => res.getHeader(name)), body }).catch(() => undefined).then(() => end(body));
    return res;
  }) as Response['end'];
}

/**
 * As over HTTP, a part that has not started answering `timeoutMs` after it has the whole request gets
 * the client a 504; whatever it writes later is refused (the client has its answer).
 */
function answerInTime(req: Request, res: Response, next: NextFunction, timeoutMs: number): void {
  let deadline: NodeJS.Timeout | undefined;
  const start = () => {
    deadline = setTimeout(() => {
      if (!res.headersSent) next(new AppError('UPSTREAM_TIMEOUT', 'The service for this request did not answer in time; the request may or may not have taken effect'));
    }, timeoutMs);
  };
  // A request without a body is whole already; a body is whole once the part has read it to the end.
  if (!hasBody(req) || req.readableEnded) start();
  else req.once('end', start);
  res.once('close', () => {
    clearTimeout(deadline);
    req.off('end', start);
  });
}

/**
 * Monolith mode: the part runs in this process, so the request is handed to its app directly, with the
 * caller's context as an object (handContext) where the HTTP hop carries signed headers, and no loopback
 * connection. What the part
 * answers (errors included) goes straight to the client. With an Idempotency-Key the body also flows to
 * the tap from the next tick, so a part's route must start reading its body before its first await
 * (the envelope create and update do; see docs/decisions.md).
 */
export function handInProcess(part: RequestHandler, tap: ProxyTap | undefined, timeoutMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const context = res.locals.context as RequestContext;
    delete req.headers.authorization;
    // A client's own claim of limits never reaches the part: only the gateway's, in the context.
    delete req.headers['x-signet-envelope-limits'];
    handContext(req, context);
    Object.assign(req.headers, {
      [REQUEST_ID_HEADER]: context.requestId,
      // Only the client's address as the gateway decided it (trust proxy), never what the client claims.
      'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? ''
    });
    req.url = req.originalUrl;
    if (tap) keepAnswer(res, tap);
    answerInTime(req, res, next, timeoutMs);
    part(req, res, next);
  };
}
