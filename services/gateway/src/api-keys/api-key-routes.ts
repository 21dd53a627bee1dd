import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError, requestContext } from '@signet/http';
import { keptLikeAProxiedAnswer } from '../idempotency/keep-own-answer';
import { checkPathIds } from '../routes/check-path-ids';
import type { HttpMethod } from '../routes/route-table';
import type { ApiKeyDeps } from './api-key-deps';
import { authenticatedKey } from './authenticate';
import { createApiKey } from './create-api-key';
import { listApiKeys, readApiKey } from './read-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { rotateApiKey } from './rotate-api-key';

/** The gateway's own API-key routes for its own table: a tenant's keys, managed by its admin keys. */
export const API_KEY_ROUTES: ReadonlyArray<{ method: HttpMethod; path: string }> = [
  { method: 'get', path: '/api/v1/api_keys' },
  { method: 'post', path: '/api/v1/api_keys' },
  { method: 'get', path: '/api/v1/api_keys/:id' },
  { method: 'delete', path: '/api/v1/api_keys/:id' },
  { method: 'post', path: '/api/v1/api_keys/:id/rotate' }
];

/** Before the Idempotency-Key handling: a refused request keeps no answer under the key. */
function adminOnly(_req: Request, res: Response, next: NextFunction): void {
  next(authenticatedKey(res).scopes.includes('admin') ? undefined : new AppError('FORBIDDEN', 'Managing API keys takes a key with the admin scope'));
}

/** HTTP adapters of the key management use cases, behind authentication (a builder session's token never gets this far). */
export function apiKeyRoutes(deps: ApiKeyDeps, idempotency: RequestHandler): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  const knownId = checkPathIds('/api/v1/api_keys/:id', ['id']);
  const tenantOf = (res: Response) => requestContext(res).tenantId;
  router.get('/api/v1/api_keys', adminOnly, async (_req, res) => {
    res.json({ api_keys: await listApiKeys(deps, tenantOf(res)) });
  });
  router.post('/api/v1/api_keys', adminOnly, idempotency, keptLikeAProxiedAnswer, json, async (req, res) => {
    res.json({ api_key: await createApiKey(deps, { caller: authenticatedKey(res), body: req.body ?? {} }) });
  });
  router.get('/api/v1/api_keys/:id', adminOnly, knownId, async (req, res) => {
    res.json({ api_key: await readApiKey(deps, { tenantId: tenantOf(res), id: String(req.params.id) }) });
  });
  router.delete('/api/v1/api_keys/:id', adminOnly, knownId, async (req, res) => {
    await revokeApiKey(deps, { tenantId: tenantOf(res), id: String(req.params.id) });
    res.json({ success: true });
  });
  router.post('/api/v1/api_keys/:id/rotate', adminOnly, knownId, idempotency, keptLikeAProxiedAnswer, json, async (req, res) => {
    res.json({ api_key: await rotateApiKey(deps, { tenantId: tenantOf(res), id: String(req.params.id), body: req.body }) });
  });
  return router;
}
