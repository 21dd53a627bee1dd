import express, { Express, NextFunction, Request, Response } from 'express';
import * as contracts from '@signet/contracts';
import type { Logger } from '@signet/log';
import { httpMetrics } from '@signet/metrics';
import { AppError } from './app-error';
import { errorMiddleware, notFoundRoute } from './error-middleware';
import type { HealthReport } from './health';
import { handedContextOf, verifyInternalHeaders } from './internal-auth';
import { holdOperations } from './internal-operation';
import { jsonResponses } from './json-responses';
import { setRequestContext } from './request-context';
import { acceptRequestId, newRequestId, REQUEST_ID_HEADER } from './request-id';

export interface ServiceAppOptions {
  /** The part's name, as metrics label it. */
  name: string;
  log: Logger;
  internalSecret: string;
  healthcheck: () => Promise<HealthReport>;
  /** Mounts the service's routes; every one of them sits behind internal-signature checking. */
  routes: (app: Express) => void;
  /** Paths whose JSON bodies may be larger than the default 1 MB, with their own limit. */
  jsonBodyLimits?: Array<{ path: string; limit: string }>;
  /** Paths whose bodies are kept as they came (a Buffer, at most 1 MB): a provider's webhook, whose signature covers its exact bytes. */
  rawBodyPaths?: string[];
}

/**
 * Lets through only calls signed by another part (`signInternalHeaders`), or handed over by the gateway
 * in this process (`handContext`), with the caller's context.
 */
export function internalAuth(secret: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const context = handedContextOf(req) ?? verifyInternalHeaders(secret, req.method, req.originalUrl, req.headers);
    if (!context) {
      next(new AppError('INTERNAL_AUTH_FAILED', 'This service only answers signed internal calls'));
      return;
    }
    setRequestContext(res, context);
    next();
  };
}

let compiled = false;

/** Every contract schema compiled while the process starts, not on the first request that needs it. */
function compileValidatorsOnce(): void {
  if (compiled) return;
  compiled = true;
  contracts.compileValidators(contracts);
}

/** The express app every service shares: request ids, metrics, health probes, internal auth, JSON, errors. */
export function createServiceApp(options: ServiceAppOptions): Express {
  compileValidatorsOnce();
  const app = express();
  app.disable('x-powered-by');
  // Answers carry signed links that change with time, so a validator would rarely match; hashing every body costs each request.
  app.disable('etag');
  app.set('query parser', 'simple');
  app.use(jsonResponses((req) => acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? newRequestId()));
  app.use(httpMetrics(options.name));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    const report = await options.healthcheck();
    res.status(report.ok ? 200 : 503).json(report);
  });
  app.use(internalAuth(options.internalSecret));
  for (const path of options.rawBodyPaths ?? []) app.use(path, express.raw({ type: () => true, limit: '1mb' }));
  for (const { path, limit } of options.jsonBodyLimits ?? []) app.use(path, express.json({ limit }));
  app.use(express.json({ limit: '1mb' }));
  holdOperations(app, { name: options.name, log: options.log, internalSecret: options.internalSecret });
  options.routes(app);
  app.use(notFoundRoute);
  app.use(errorMiddleware(options.log));
  return app;
}
