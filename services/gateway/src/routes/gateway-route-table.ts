import type { HttpMethod } from './route-table';

/** The gateway's own documented routes (served by the gateway itself, not proxied). */
export const GATEWAY_ROUTES: ReadonlyArray<{ method: HttpMethod; path: string }> = [
  { method: 'get', path: '/' },
  { method: 'get', path: '/openapi.json' },
  { method: 'get', path: '/docs' },
  { method: 'get', path: '/healthz' },
  { method: 'get', path: '/readyz' },
  // Served only with the filesystem blob store (monolith mode); documented, since the API hands its links out.
  { method: 'get', path: '/files/*key' },
  // The embeddable editor: its page (the builder session's id in the path), its files, and the element any page loads.
  { method: 'get', path: '/builder/:session_id' },
  { method: 'get', path: '/builder/assets/:file' },
  { method: 'get', path: '/embed/builder.js' },
  // The console: its page (sign-in form or console), signing in and out, its files, and the modules it shares with the editor.
  { method: 'get', path: '/console' },
  { method: 'post', path: '/console/sign-in' },
  { method: 'post', path: '/console/sign-out' },
  { method: 'get', path: '/console/assets/:file' },
  { method: 'get', path: '/components/:file' }
];
