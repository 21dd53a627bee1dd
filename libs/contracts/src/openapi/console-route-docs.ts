import { ConsoleSignInForm, ConsoleSignOutForm } from '../console-requests';
import type { RouteDocs } from './route-doc';

const PAGE_CSP = 'A strict Content-Security-Policy: Signet\'s own scripts only, no inline script, framed by nobody (`frame-ancestors \'none\'`).';

/** The console: its sign-in, its page and files. Everything it shows and does is the public API, called with its session cookie. */
export const CONSOLE_ROUTE_DOCS: RouteDocs = {
  'GET /console': {
    operationId: 'consolePage',
    summary: "Signet's console",
    description: `The console for the people who operate Signet (docs/console.md): the sign-in form, or the console itself for a browser with a live session. ${PAGE_CSP}`,
    tag: 'Console',
    responses: { 200: { description: 'The page', contentType: 'text/html' } },
    errors: []
  },
  'POST /console/sign-in': {
    operationId: 'consoleSignIn',
    summary: 'Sign in to the console with an API key',
    description: 'Exchanges the API key for a session of its tenant, 8 hours at most: the `signet_console` cookie (HttpOnly, SameSite=Strict, Secure where Signet is reached over HTTPS), which then acts as the key on `/api/v1`. Writes with it must carry the session\'s `X-CSRF-Token`. A form posted from another site is 403.',
    tag: 'Console',
    request: { form: ConsoleSignInForm, formOf: 'ConsoleSignInForm' },
    responses: {
      303: { description: 'Signed in: to the console', headers: { Location: '`/console`', 'Set-Cookie': 'The session cookie `signet_console`' } },
      401: { description: 'The sign-in form again, saying the key is unknown or revoked', contentType: 'text/html' }
    },
    errors: [403, 429]
  },
  'POST /console/sign-out': {
    operationId: 'consoleSignOut',
    summary: 'Sign out of the console',
    description: 'Ends the session on the server (its cookie is refused from then on) and clears the cookie. Needs the session\'s CSRF token (the `csrf` field or `X-CSRF-Token`).',
    tag: 'Console',
    request: { form: ConsoleSignOutForm, formOf: 'ConsoleSignOutForm' },
    responses: { 303: { description: 'Signed out: to the sign-in form', headers: { Location: '`/console`', 'Set-Cookie': 'The cleared cookie' } } },
    errors: [403]
  },
  'GET /console/assets/:file': {
    operationId: 'consoleAsset',
    summary: 'A static file of the console',
    tag: 'Console',
    responses: { 200: { description: 'The file (script or style sheet)', contentType: '*/*' } },
    errors: [404]
  },
  'GET /components/:file': {
    operationId: 'sharedComponent',
    summary: 'A module or style sheet the console and the editor share',
    tag: 'Console',
    responses: { 200: { description: 'The file (script or style sheet)', contentType: '*/*' } },
    errors: [404]
  }
};
