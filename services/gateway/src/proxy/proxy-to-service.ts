import http, { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, RequestContext, signInternalHeaders } from '@signet/http';
import type { Logger } from '@signet/log';
import { ProxyTap, proxyTapOf } from '../idempotency/proxy-tap';
import { handInProcess } from './hand-in-process';
import { hasBody, keptHeaders, MAX_KEPT_ANSWER_BYTES } from './kept-answer';

/** Headers that describe one connection, not the message, plus the caller's key (services never see it). */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'host', 'authorization',
  'x-signet-tenant-id', 'x-signet-api-key-id', 'x-signet-plan', 'x-signet-envelope-limits', 'x-signet-timestamp', 'x-signet-signature'
]);
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'transfer-encoding']);


const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) result[name] = value;
  }
  return result;
}

/** Collects the answer, hands it to the tap to keep, then sends it; an oversized answer streams on unkept. */
function relayKeptAnswer(answer: IncomingMessage, res: Response, tap: ProxyTap): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size <= MAX_KEPT_ANSWER_BYTES) return;
    answer.off('data', onData).off('end', onEnd);
    for (const kept of chunks) res.write(kept);
    pipeline(answer, res, () => undefined);
  };
  const onEnd = () => {
    const body = Buffer.concat(chunks);
    // The tap logs its own failures; the client gets the answer whether or not it could be kept.
    tap.answered({ status: answer.statusCode ?? 502, headers: keptHeaders((name) => answer.headers[name]), body }).catch(() => undefined).then(() => res.end(body));
  };
  answer.on('data', onData).on('end', onEnd).on('error', () => res.destroy());
}

export interface ProxyOptions {
  internalSecret: string;
  log: Logger;
  serviceUrl: () => string;
  /** Longest the service may take to start answering once it has the whole request (UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** The service's app when it runs in this process (monolith mode): requests are handed to it, no HTTP hop. */
  localPart: () => RequestHandler | null;
}

/** Nothing reached the service: it is not there (503, safe to retry). Anything later may have taken effect. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A connection the service closed as it was reused (it was stopping, or idle too long): the service never read the request. */
function closedWhenReused(upstream: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return upstream.reusedSocket && error.code === 'ECONNRESET';
}

/**
 * Only an idempotent request without a body is sent again (RFC 9112 9.3.1): a POST may have taken effect
 * before the connection broke, and a streamed body has been read once.
 */
function mayResend(req: Request): boolean {
  return ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method) && !hasBody(req);
}

/**
 * Hands the request to the owning service when it runs in this process (no loopback hop); else streams
 * the request to it and its answer back, never buffering a body (a 50 MB upload passes with flat
 * memory), with the caller's identity in signed internal headers in both cases. The client
 * always gets an answer: a service that is not there is 503, one that fails mid-request is 502, one
 * that has not started answering `timeoutMs` after it got the whole request is 504 (and is cut off).
 * An idempotent request that met a kept-alive connection the service had just closed (a stopping
 * service closes its idle ones) is sent again on a new connection, once, as HTTP clients do.
 */
export function proxyToService(options: ProxyOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const tap = proxyTapOf(res);
    const local = options.localPart();
    if (local) handInProcess(local, tap, options.timeoutMs)(req, res, next);
    else sendUpstream({ req, res, next, options, tap, resend: mayResend(req) });
    if (tap) req.pipe(tap.body);
  };
}

interface Exchange {
  req: Request;
  res: Response;
  next: NextFunction;
  options: ProxyOptions;
  tap: ProxyTap | undefined;
  /** Whether the request may be sent again on a new connection (it has no body and was not sent again yet). */
  resend: boolean;
  /** Set when sending again: the client's request stream has ended and is not piped a second time. */
  again?: boolean;
}

function sendUpstream(exchange: Exchange): void {
  const { req, res, next, options, tap } = exchange;
  const context = res.locals.context as RequestContext;
  const target = new URL(req.originalUrl, options.serviceUrl());
  const client = target.protocol === 'https:' ? https : http;
  const upstream = client.request(target, {
    method: req.method,
    agent: target.protocol === 'https:' ? agents.https : agents.http,
    headers: {
      ...forwardedHeaders(req.headers),
      // Only the client's address as the gateway decided it (trust proxy), never what the client claims.
      'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
      ...signInternalHeaders(options.internalSecret, req.method, req.originalUrl, context)
    }
  });
  let answered = false;
  let deadline: NodeJS.Timeout | undefined;
  /** Answers the client once, with an error, unless the service's own answer has begun. */
  const fail = (error: AppError, cause: unknown) => {
    clearTimeout(deadline);
    if (answered) return;
    answered = true;
    upstream.destroy();
    if (res.destroyed) return; // the client went away first: nobody to answer
    options.log.warn({ err: cause, target: target.origin, request_id: context.requestId, code: error.code }, 'service call failed');
    if (res.headersSent) res.destroy();
    else next(error);
  };

  upstream.on('response', (answer) => {
    clearTimeout(deadline);
    if (answered) return;
    answered = true;
    res.status(answer.statusCode ?? 502);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) res.setHeader(name, value);
    }
    // A service that dies while sending its body: the client sees the answer cut short, as it was.
    if (tap) relayKeptAnswer(answer, res, tap);
    else pipeline(answer, res, () => undefined);
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (!answered && exchange.resend && closedWhenReused(upstream, error) && !res.destroyed) {
      answered = true;
      clearTimeout(deadline);
      sendUpstream({ ...exchange, resend: false, again: true });
      return;
    }
    if (NOT_CONNECTED.has(error.code ?? '')) fail(new AppError('SERVICE_UNAVAILABLE', 'The service for this request is not reachable; retry later'), error);
    else fail(new AppError('UPSTREAM_FAILED', 'The service for this request failed while answering; the request may or may not have taken effect'), error);
  });
  // The clock starts once the service has the whole request: a client's slow upload is not its delay.
  upstream.on('finish', () => {
    if (answered) return;
    deadline = setTimeout(
      () => fail(new AppError('UPSTREAM_TIMEOUT', 'The service for this request did not answer in time; the request may or may not have taken effect'), 'timeout'),
      options.timeoutMs
    );
  });
  // A client that goes away takes its request with it; a stream error on its side ends the call.
  req.on('error', () => upstream.destroy());
  res.on('close', () => {
    clearTimeout(deadline);
    if (!res.writableFinished) upstream.destroy();
  });
  if (exchange.again) upstream.end();
  else req.pipe(upstream);
}
