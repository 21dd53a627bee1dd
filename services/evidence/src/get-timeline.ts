import type { EnvelopeTimelineEntry, EnvelopeTimelineResponse } from '@signet/contracts';
import { notFound, type RequestContext } from '@signet/http';
import { CODE_EVENT, channelOf } from './code-channel';
import { envelopeStatus, type ProjectionDeps } from './envelope-status';
import { timelineStore, type TimelineEntry } from './timeline-store';

type Obj = Record<string, unknown>;
type Role = NonNullable<EnvelopeTimelineEntry['recipient']>['role'];
export type EnvelopeTimeline = Omit<EnvelopeTimelineResponse, 'request_id'>;

/** The recipients' roles as the envelope lists them now (events recorded before roles travelled with them name none). */
function rolesOf(snapshot: Obj | null): Map<unknown, Role> {
  const recipients = Array.isArray(snapshot?.recipients) ? (snapshot.recipients as Obj[]) : [];
  return new Map(recipients.map((recipient) => [recipient.id, (recipient.role ?? 'SIGNER') as Role]));
}

/** The consumer consent's events, whose details name the disclosure version consented to. */
const CONSENT_EVENTS = ['recipient.consented', 'recipient.consent_withdrawn'];

/** What the evidence sheet shows of an event beyond who, when and where. */
function detailsOf(entry: TimelineEntry): EnvelopeTimelineEntry['details'] {
  const details: EnvelopeTimelineEntry['details'] = {};
  if (typeof entry.details.status === 'string') details.status = entry.details.status;
  if (entry.event_type === 'recipient.rejected' && typeof entry.details.reason === 'string') details.reason = entry.details.reason;
  if (CODE_EVENT.test(entry.event_type)) details.channel = channelOf(entry);
  const version = (entry.details.consumer_consent as Obj | undefined)?.disclosure_version;
  if (CONSENT_EVENTS.includes(entry.event_type) && typeof version === 'string') details.disclosure_version = version;
  return details;
}

function timelineEntry(entry: TimelineEntry, roles: Map<unknown, Role>): EnvelopeTimelineEntry {
  const recipient = entry.recipient_id === null ? null : {
    id: entry.recipient_id,
    name: entry.recipient_name,
    email: entry.recipient_email,
    role: (entry.details.role as Role | undefined) ?? roles.get(entry.recipient_id) ?? 'SIGNER'
  };
  return {
    id: entry.event_id,
    at: entry.occurred_at.toISOString(),
    event: entry.event_type,
    recipient,
    ip_address: entry.ip_address,
    user_agent: entry.user_agent,
    details: detailsOf(entry)
  };
}

/**
 * An envelope's timeline, oldest first: the events its evidence sheet lists, at any status. NOT_FOUND
 * for an envelope this tenant does not have; one the projection has no event of yet has an empty timeline.
 */
export async function getTimeline(deps: ProjectionDeps, input: { context: RequestContext; envelopeId: string }): Promise<EnvelopeTimeline> {
  const { context, envelopeId } = input;
  const row = await timelineStore.find(deps.db, envelopeId);
  if (row && row.tenant_id !== context.tenantId) throw notFound('Envelope');
  if (!row) {
    await envelopeStatus(deps, context, envelopeId);
    return { envelope_id: envelopeId, timeline: [] };
  }
  const roles = rolesOf(row.snapshot);
  const entries = await timelineStore.timeline(deps.db, envelopeId);
  return { envelope_id: envelopeId, timeline: entries.map((entry) => timelineEntry(entry, roles)) };
}
