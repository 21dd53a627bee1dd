import { callInternal, type RequestContext } from '@signet/http';
import type { Knex } from 'knex';

/** What reading the projection needs: its database, and the envelope part for envelopes it does not know yet. */
export interface ProjectionDeps {
  db: Knex;
  /** Where the envelope part answers, asked when this projection does not know an envelope yet. */
  envelopeUrl: () => string;
  internalSecret: string;
}

/**
 * The projection is filled from events, so it can be behind the envelope part: an envelope it does not
 * know yet is asked about there (NOT_FOUND for one this tenant does not have), and one that exists is
 * never reported as not found.
 */
export async function envelopeStatus(deps: ProjectionDeps, context: RequestContext, envelopeId: string): Promise<string> {
  const { envelope } = await callInternal<{ envelope: { status: string } }>({
    baseUrl: deps.envelopeUrl(), method: 'GET', path: `/internal/envelopes/${encodeURIComponent(envelopeId)}/summary`, context, secret: deps.internalSecret
  });
  return envelope.status;
}
