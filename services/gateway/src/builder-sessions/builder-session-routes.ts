import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { requestContext } from '@signet/http';
import type { HttpMethod } from '../routes/route-table';
import { proxyTapOf } from '../idempotency/proxy-tap';
import { keepAnswer } from '../proxy/hand-in-process';
import type { BuilderSessionDeps } from './builder-session-deps';
import { createBuilderSession } from './create-builder-session';
import { readBuilderSession } from './read-builder-session';
import { revokeBuilderSession } from './revoke-builder-session';

/** The gateway's own API-key routes: builder sessions are a credential, which the gateway keeps. */
export const BUILDER_SESSION_ROUTES: ReadonlyArray<{ method: HttpMethod; path: string }> = [
  { method: 'post', path: '/api/v1/builder_sessions' },
  { method: 'get', path: '/api/v1/builder_sessions/:id' },
  { method: 'delete', path: '/api/v1/builder_sessions/:id' }
];

/**
 * With an Idempotency-Key, the body flows to the key's fingerprint as it is read and the answer is kept
 * before the client gets it, as for a proxied route.
 */
function keptLikeAProxiedAnswer(req: Request, res: Response, next: NextFunction): void {
  const tap = proxyTapOf(res);
  if (tap) {
    keepAnswer(res, tap);
    req.pipe(tap.body);
  }
  next();
}

/** HTTP adapters of the builder session use cases, behind authentication, the builder scope and, for POST, the Idempotency-Key handling. */
export function builderSessionRoutes(deps: BuilderSessionDeps, idempotency: RequestHandler): Router {
  const router = Router();
  router.post('/api/v1/builder_sessions', idempotency, keptLikeAProxiedAnswer, express.json({ limit: '64kb' }), async (req, res) => {
    res.json({ builder_session: await createBuilderSession(deps, { context: requestContext(res), body: req.body ?? {} }) });
  });
  router.get('/api/v1/builder_sessions/:id', async (req, res) => {
    res.json({ builder_session: await readBuilderSession(deps, { tenantId: requestContext(res).tenantId, sessionId: String(req.params.id) }) });
  });
  router.delete('/api/v1/builder_sessions/:id', async (req, res) => {
    await revokeBuilderSession(deps, { tenantId: requestContext(res).tenantId, sessionId: String(req.params.id) });
    res.json({ success: true });
  });
  return router;
}
