import type { RequestContext } from '@signet/http';
import type { Clock } from '@signet/service';
import type { BuilderSessionStore } from './builder-session-store';
import type { BuilderTokens } from './builder-token';

/** How the gateway learns whether a session's target exists for the tenant: by asking the part that owns it. */
export interface SessionTargets {
  /** Throws 404 when the tenant has no such template. */
  template(context: RequestContext, templateId: string): Promise<void>;
  /** The envelope's status; throws 404 when the tenant has no such envelope. */
  envelopeStatus(context: RequestContext, envelopeId: string): Promise<string>;
}

export interface BuilderSessionDeps {
  sessions: BuilderSessionStore;
  tokens: BuilderTokens;
  targets: SessionTargets;
  clock: Clock;
  /** Where integrators reach Signet: the editor page's URL starts here. */
  publicBaseUrl: string;
}
