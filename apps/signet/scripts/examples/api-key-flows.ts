import type { Capture } from './capture';

/** The tenant's keys: listed, a key created (its secret shown once), read, refused to a key without the admin scope, rotated, revoked. */
export async function captureApiKeys({ api }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/api_keys', 200, { json: { name: 'CI pipeline' } });
  const id = created.body.api_key.id as string;
  await api.call('POST /api/v1/api_keys', 422, { json: { name: 'Console', scopes: ['owner'] } });
  await api.call('GET /api/v1/api_keys', 403, { key: created.body.api_key.key });
  await api.call('GET /api/v1/api_keys', 200);
  await api.call('GET /api/v1/api_keys/:id', 200, { params: { id } });
  await api.call('POST /api/v1/api_keys/:id/rotate', 200, { params: { id }, json: { overlap_minutes: 30 } });
  await api.call('DELETE /api/v1/api_keys/:id', 200, { params: { id } });
  await api.call('DELETE /api/v1/api_keys/:id', 404, { params: { id } });
}
