import http, { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { AppError, RequestContext, signInternalHeaders } from '@signet/http';
import type { Logger } from '@signet/log';

/** Headers that describe one connection, not the message, plus the caller's key (services never see it). */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'host', 'authorization',
  'x-signet-tenant-id', 'x-signet-api-key-id', 'x-signet-plan', 'x-signet-timestamp', 'x-signet-signature'
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

export interface ProxyOptions {
  internalSecret: string;
  log: Logger;
  serviceUrl: () => string;
}

/**
 * Streams the request to the owning service and its answer back, never buffering a body (a 50 MB
 * upload passes with flat memory), with the caller's identity in signed internal headers.
 */
export function proxyToService(options: ProxyOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
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
    upstream.on('response', (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) res.setHeader(name, value);
      }
      pipeline(answer, res, () => undefined);
    });
    pipeline(req, upstream, (error) => {
      if (!error || res.headersSent) return;
      options.log.warn({ err: error, target: target.origin, request_id: context.requestId }, 'service call failed');
      next(new AppError('SERVICE_UNAVAILABLE', 'The service for this request is not reachable; retry later'));
    });
  };
}
