import { BuilderSessionCreateRequest } from '../builder-session-requests';
import { BuilderSessionCreatedResponse, BuilderSessionResponse, SuccessResponse } from '../responses';
import { jsonAnswer, type RouteDocs } from './route-doc';

/**
 * The API-key routes a builder session's token may also call (`Authorization: Bearer <token>`), each only
 * for the session's own template, envelope or id: the document lists the token as their second scheme.
 */
export const BUILDER_TOKEN_ROUTES: readonly string[] = [
  'GET /api/v1/builder_sessions/:id',
  'POST /api/v1/templates', 'GET /api/v1/templates/:id', 'PUT /api/v1/templates/:id',
  'GET /api/v1/envelopes/:id', 'PUT /api/v1/envelopes/:id', 'POST /api/v1/envelopes/:id/send_invitation',
  'POST /api/v1/envelopes/:envelope_id/uploads', 'GET /api/v1/envelopes/:envelope_id/uploads', 'PUT /api/v1/uploads/:token'
];

const SCOPE = 'With the token the editor may read and save only the session\'s template (or, with `new_template`, create one template, ' +
  'which the session is then bound to) or envelope, send that envelope with the action `send`, upload its large documents, ' +
  'and read its own session; anything else is 403 FORBIDDEN and does nothing. An expired token is 401 `TOKEN_EXPIRED`, a revoked one 401 UNAUTHORIZED.';

/** Builder sessions: short-lived credentials of Signet's embeddable template and envelope editor. */
export const BUILDER_ROUTE_DOCS: RouteDocs = {
  'POST /api/v1/builder_sessions': {
    operationId: 'createBuilderSession',
    summary: 'Start a builder session',
    description: `A token for Signet's editor, embedded in your page (docs/builder.md), on one template (\`template_id\`), one CREATED envelope (\`envelope_id\`) or a template the editor creates (\`new_template: true\`): exactly one of the three. Only the \`origins\` you name may frame the editor. ${SCOPE} API key only.`,
    tag: 'Builder',
    request: { json: BuilderSessionCreateRequest },
    responses: { 200: jsonAnswer(BuilderSessionCreatedResponse, 'The session, with its token (shown only here)') },
    errors: [404, 409, 422]
  },
  'GET /api/v1/builder_sessions/:id': {
    operationId: 'getBuilderSession',
    summary: 'Read a builder session',
    description: 'With the API key (any session of its tenant) or with the session\'s own token (only that session). Never shows the token; a `new_template` session shows the created template\'s id once there is one.',
    tag: 'Builder',
    params: { id: 'Builder session id' },
    responses: { 200: jsonAnswer(BuilderSessionResponse, 'The session') },
    errors: [403, 404]
  },
  'DELETE /api/v1/builder_sessions/:id': {
    operationId: 'revokeBuilderSession',
    summary: 'Revoke a builder session',
    description: 'Its token is refused from now on (401), and its editor page is gone. API key only.',
    tag: 'Builder',
    params: { id: 'Builder session id' },
    responses: { 200: jsonAnswer(SuccessResponse, 'Revoked') },
    errors: [404]
  },
  'GET /builder/:session_id': {
    operationId: 'builderPage',
    summary: "Signet's embeddable editor",
    description: 'The page the `<signet-builder>` element frames (the session\'s `url`), in the session\'s language. Its token comes in the fragment, never to the server. Only the session\'s origins may frame it (`Content-Security-Policy: frame-ancestors`).',
    tag: 'Builder',
    params: { session_id: 'Builder session id' },
    responses: {
      200: { description: 'The page', contentType: 'text/html' },
      404: { description: 'A page saying the session is unknown, revoked or expired (framed by nobody)', contentType: 'text/html' }
    },
    errors: []
  },
  'GET /builder/assets/:file': {
    operationId: 'builderPageAsset',
    summary: 'A static file of the editor',
    tag: 'Builder',
    responses: { 200: { description: 'The file (script or style sheet)', contentType: '*/*' } },
    errors: [404]
  },
  'GET /embed/builder.js': {
    operationId: 'builderElement',
    summary: 'The <signet-builder> element',
    description: 'One script, no imports, that any page may load (`<script type="module" src=".../embed/builder.js">`): it defines `<signet-builder url="..." token="...">`, which frames the editor.',
    tag: 'Builder',
    responses: { 200: { description: 'The script', contentType: 'text/javascript' } },
    errors: [404]
  }
};
