import { isId } from '@signet/contracts';
import { notFound } from '@signet/http';
import type { BuilderSessionDeps } from './builder-session-deps';

/** Revokes a live session of the tenant: its token and its page stop working at once. */
export async function revokeBuilderSession(deps: Pick<BuilderSessionDeps, 'sessions' | 'clock'>, input: { tenantId: string; sessionId: string }): Promise<void> {
  if (!isId(input.sessionId) || !(await deps.sessions.revoke(input.tenantId, input.sessionId, deps.clock()))) throw notFound('Builder session');
}
