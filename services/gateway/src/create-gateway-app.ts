import express, { Express, NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { PartName, TrustProxy } from '@signet/config';
import { AppError, acceptRequestId, errorMiddleware, HealthReport, jsonResponses, newRequestId, notFoundRoute, REQUEST_ID_HEADER, requestIdOf } from '@signet/http';
import type { Logger } from '@signet/log';
import { httpMetrics } from '@signet/metrics';
import type { ApiKeyLookup } from './api-keys/api-key-cache';
import type { ApiKeyRecord } from './api-keys/api-key-repository';
import { accessLog } from './access-log';
import { docsRoutes, type DocsOptions } from './docs/docs-routes';
import type { ApiKeyDeps } from './api-keys/api-key-deps';
import { apiKeyRoutes } from './api-keys/api-key-routes';
import { authenticate } from './api-keys/authenticate';
import type { BuilderSessionDeps } from './builder-sessions/builder-session-deps';
import { builderPageRoutes } from './builder-sessions/builder-page-routes';
import { builderScope } from './builder-sessions/builder-scope-middleware';
import { builderSessionRoutes } from './builder-sessions/builder-session-routes';
import { builderTokenLookup } from './builder-sessions/builder-token-auth';
import type { ConsoleDeps } from './console/console-deps';
import { consoleRoutes } from './console/console-routes';
import { consoleSessionLookup } from './console/console-session-auth';
import { componentRoutes } from './pages/component-routes';
import { proxyToService } from './proxy/proxy-to-service';
import type { RateLimitBucketName } from './rate-limit/plan-limits';
import { checkPathIds, idParametersOf } from './routes/check-path-ids';
import { PUBLIC_ROUTES } from './routes/public-route-table';
import { ROUTES } from './routes/route-table';

export interface GatewayAppOptions {
  keys: ApiKeyLookup;
  log: Logger;
  internalSecret: string;
  serviceUrl: (part: PartName) => string;
  /** A part's app when it runs in this process (monolith mode), else null: requests to it skip the HTTP hop. */
  localApp: (part: PartName) => RequestHandler | null;
  healthcheck: () => Promise<HealthReport>;
  /** Idempotency-Key handling of every POST and PUT under /api/v1. */
  idempotency: RequestHandler;
  rateLimitFor: (bucket: RateLimitBucketName) => RequestHandler;
  /** The envelope creations a key's plan allows, passed on in the signed context for the envelope part to count. */
  envelopeLimitsOf: (key: ApiKeyRecord) => string;
  /** The per-address limit of the keyless routes. */
  publicRateLimit: RequestHandler;
  trustProxy: TrustProxy;
  /** Longest a service may take to start answering a proxied request before the client gets 504. */
  upstreamTimeoutMs: number;
  /** Serves HMAC-signed download links of the filesystem blob store (monolith mode); S3 links go to S3. */
  files: RequestHandler | null;
  /** The built-in mail sink's pages (monolith mode, development only); null with a real SMTP server. */
  mailSink: Router | null;
  /** The built-in SMS sink's page (monolith mode without an SMS provider, development only). */
  smsSink: Router | null;
  /** /dev/clock, with SIGNET_TEST_CLOCK (monolith mode, development only); null otherwise, so both routes are 404. */
  devClock: Router | null;
  /** Base URL integrators reach the gateway at: the server of the OpenAPI document it serves. */
  publicBaseUrl: string;
  /** What the start page (GET /) says runs here. */
  running: DocsOptions['running'];
  /** The key monolith mode made for itself, shown on the start page to loopback clients; null otherwise. */
  developmentKey: string | null;
  /** Builder sessions (the gateway's own): their store, tokens, and how a session's target is checked. */
  builderSessions: BuilderSessionDeps;
  /** The console's sessions: an API key exchanged for a cookie, which then acts as the key. */
  console: ConsoleDeps;
  /** The tenant's API keys, managed through the API by its admin keys. */
  apiKeys: ApiKeyDeps;
}

/** A public route speaks for nobody: no tenant, no key; the service finds both from the route's own credential. */
function anonymousContext(_req: Request, res: Response, next: NextFunction): void {
  res.locals.context = { requestId: requestIdOf(res), tenantId: '', apiKeyId: '', plan: '' };
  next();
}

/** The connection comes from this machine (the socket's address: a proxy's X-Forwarded-For does not count). */
function isLoopback(req: Request): boolean {
  return ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
}

/** The development mail and SMS pages show signing links and codes, the clock moves time: only for the machine Signet runs on. */
function loopbackOnly(req: Request, _res: Response, next: NextFunction): void {
  next(isLoopback(req) ? undefined : new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
}

/** Routes outside /api: a request to the API skips them all with one check instead of trying each in turn. */
function outsideApi(pages: Router): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith('/api/')) next();
    else pages(req, res, next);
  };
}

export function createGatewayApp(options: GatewayAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // As in every part: no ETag hashed from each answer (see createServiceApp).
  app.disable('etag');
  // req.ip: the connection's address, or the client's as named by the configured proxies in front.
  app.set('trust proxy', options.trustProxy);
  app.use(jsonResponses((req) => acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? newRequestId()));
  app.use(accessLog(options.log));
  app.use(httpMetrics('gateway'));
  app.use(docsRoutes({
    publicBaseUrl: options.publicBaseUrl, mailbox: options.mailSink !== null, smsbox: options.smsSink !== null,
    running: options.running, developmentKey: options.developmentKey, isLoopback
  }));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    const report = await options.healthcheck();
    res.status(report.ok ? 200 : 503).json(report);
  });
  const pages = Router();
  if (options.files) pages.get('/files/*key', options.files);
  if (options.mailSink) pages.use('/dev/mail', loopbackOnly, options.mailSink);
  if (options.smsSink) pages.use('/dev/sms', loopbackOnly, options.smsSink);
  if (options.devClock) pages.use('/dev/clock', loopbackOnly, options.devClock);
  for (const route of PUBLIC_ROUTES) {
    const proxy = proxyToService({ internalSecret: options.internalSecret, log: options.log, serviceUrl: () => options.serviceUrl(route.service), localPart: () => options.localApp(route.service), timeoutMs: options.upstreamTimeoutMs });
    const ids = idParametersOf(route.path);
    pages[route.method](route.path, ...(route.unlimited ? [] : [options.publicRateLimit]), ...(ids.length > 0 ? [checkPathIds(route.path, ids)] : []), anonymousContext, proxy);
  }
  const builder = options.builderSessions;
  pages.use(componentRoutes());
  pages.use(builderPageRoutes(builder.sessions, builder.clock));
  pages.use(consoleRoutes(options.console, options.publicRateLimit));
  app.use(outsideApi(pages));
  app.use('/api', authenticate(options.keys, options.envelopeLimitsOf, builderTokenLookup(builder.tokens, builder.sessions, builder.clock), consoleSessionLookup(options.console)),
    builderScope(builder.sessions, builder.clock, options.log));
  app.use(builderSessionRoutes(builder, options.idempotency));
  app.use(apiKeyRoutes(options.apiKeys, options.idempotency));
  for (const route of ROUTES) {
    const handlers: RequestHandler[] = [];
    const ids = idParametersOf(route.path);
    if (ids.length > 0) handlers.push(checkPathIds(route.path, ids));
    // Before the rate limit: a replayed answer does no work, so it spends no quota (nor reaches the part that counts envelope creations).
    if (route.method === 'post' || route.method === 'put') handlers.push(options.idempotency);
    if (route.rateLimit) handlers.push(options.rateLimitFor(route.rateLimit));
    handlers.push(proxyToService({
      internalSecret: options.internalSecret, log: options.log, serviceUrl: () => options.serviceUrl(route.service), localPart: () => options.localApp(route.service), timeoutMs: options.upstreamTimeoutMs
    }));
    app[route.method](route.path, ...handlers);
  }
  app.use(notFoundRoute);
  app.use(errorMiddleware(options.log));
  return app;
}
