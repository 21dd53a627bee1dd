import type { BuilderSessionRow } from './builder-session-store';

/** What a builder token's request is: allowed as it is, the new-template session's one creation, or refused. */
export type ScopeVerdict = 'allowed' | 'create-template' | 'refused';

/**
 * The requests a builder session's token may make, each on the session's own template, envelope or
 * id; everything else is refused. `path` is the request's path without its query.
 */
export function scopeOf(session: BuilderSessionRow, method: string, path: string): ScopeVerdict {
  const may = (action: 'edit' | 'send') => session.actions.includes(action);
  const is = (expected: string, target: string) => method === expected && path === target;
  if (is('GET', `/api/v1/builder_sessions/${session.id}`)) return 'allowed';
  if (session.new_template && session.template_id === null) {
    return is('POST', '/api/v1/templates') && may('edit') ? 'create-template' : 'refused';
  }
  if (session.template_id !== null) {
    const template = `/api/v1/templates/${session.template_id}`;
    if (is('GET', template) || (is('PUT', template) && may('edit'))) return 'allowed';
    return 'refused';
  }
  if (session.envelope_id !== null) {
    const envelope = `/api/v1/envelopes/${session.envelope_id}`;
    if (is('GET', envelope) || is('GET', `${envelope}/uploads`) || (method === 'GET' && isOneUpload(path, envelope))) return 'allowed';
    // A large document: the upload's own link (its token) is how its bytes arrive when Signet keeps the files.
    if (may('edit') && (is('PUT', envelope) || is('POST', `${envelope}/uploads`) || (method === 'PUT' && /^\/api\/v1\/uploads\/[^/]+$/.test(path)))) return 'allowed';
    if (may('send') && is('POST', `${envelope}/send_invitation`)) return 'allowed';
  }
  return 'refused';
}

function isOneUpload(path: string, envelope: string): boolean {
  return path.startsWith(`${envelope}/uploads/`) && !path.slice(`${envelope}/uploads/`.length).includes('/');
}
