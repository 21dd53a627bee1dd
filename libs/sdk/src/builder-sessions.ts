import { unwrap } from './errors';
import type { components } from './generated/openapi';
import type { MethodContext } from './methods';

type Schemas = components['schemas'];
export type BuilderSessionCreateRequest = Schemas['BuilderSessionCreateRequest'];
/** A session as created: with its token, shown only then. */
export type NewBuilderSession = Schemas['NewBuilderSession'];
export type BuilderSession = Schemas['BuilderSessionView'];

/**
 * `client.builderSessions`: a short-lived token for Signet's editor embedded in your page, on one
 * template, one CREATED envelope, or a template the editor creates. Mint it on your server; give the
 * page the session's `url` and `token` (the `<signet-builder>` element takes both).
 */
export function builderSessionMethods({ api }: MethodContext) {
  return {
    builderSessions: {
      /** `{template_id} | {envelope_id} | {new_template: true}`, with the `origins` that may frame the editor. */
      async create(input: BuilderSessionCreateRequest): Promise<NewBuilderSession> {
        return unwrap(await api.POST('/api/v1/builder_sessions', { body: input })).builder_session;
      },
      /** The session without its token; a `new_template` session names the template once the editor has created it. */
      async get(id: string): Promise<BuilderSession> {
        return unwrap(await api.GET('/api/v1/builder_sessions/{id}', { params: { path: { id } } })).builder_session;
      },
      /** Its token stops working at once. */
      async revoke(id: string): Promise<void> {
        unwrap(await api.DELETE('/api/v1/builder_sessions/{id}', { params: { path: { id } } }));
      }
    }
  };
}
