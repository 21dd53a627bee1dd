import type { Capture } from './capture';

/** The gateway's own routes and the signer page's files: what a newcomer and an orchestrator call first. */
export async function captureServiceRoutes({ api }: Capture): Promise<void> {
  await api.call('GET /', 200, { headers: { accept: 'application/json' } });
  await api.call('GET /healthz', 200);
  await api.call('GET /readyz', 200);
  await api.call('GET /docs', 200);
  await api.call('GET /sign/assets/:file', 200, { params: { file: 'signer-page.css' } });
  await api.call('GET /sign/accent/:file', 200, { params: { file: '1d4ed8.css' } });
}
