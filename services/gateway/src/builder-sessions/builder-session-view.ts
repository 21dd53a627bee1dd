import type { BuilderSessionView } from '@signet/contracts';
import type { BuilderSessionRow } from './builder-session-store';

/** A session as the API shows it: never its token. */
export function builderSessionView(session: Omit<BuilderSessionRow, 'binding_until' | 'revoked_at'>, publicBaseUrl: string): BuilderSessionView {
  return {
    id: session.id,
    url: `${publicBaseUrl}/builder/${session.id}`,
    expires_at: session.expires_at.toISOString(),
    template_id: session.template_id,
    envelope_id: session.envelope_id,
    new_template: session.new_template,
    actions: session.actions,
    origins: session.origins,
    roles: session.roles,
    field_types: session.field_types,
    language: session.language
  };
}
