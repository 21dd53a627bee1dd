import express, { Router, type RequestHandler } from 'express';
import { requestContext } from '@signet/http';
import type { HttpMethod } from '../routes/route-table';
import { keptLikeAProxiedAnswer } from '../idempotency/keep-own-answer';
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
