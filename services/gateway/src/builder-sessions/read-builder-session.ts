import { isId, type BuilderSessionView } from '@signet/contracts';
import { notFound } from '@signet/http';
import type { BuilderSessionDeps } from './builder-session-deps';
import { builderSessionView } from './builder-session-view';

/** A live (not revoked) session of the tenant, as the API shows it. */
export async function readBuilderSession(deps: Pick<BuilderSessionDeps, 'sessions' | 'publicBaseUrl'>, input: { tenantId: string; sessionId: string }): Promise<BuilderSessionView> {
  const session = isId(input.sessionId) ? await deps.sessions.find(input.sessionId) : null;
  if (!session || session.tenant_id !== input.tenantId || session.revoked_at !== null) throw notFound('Builder session');
  return builderSessionView(session, deps.publicBaseUrl);
}
