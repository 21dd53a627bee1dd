import { Type, type Static } from '@sinclair/typebox';
import { RECIPIENT_ROLES } from '../fields/field-types';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { Answer } from './common-responses';

/** Whom a recipient event concerns, as the event named them. */
export const TimelineRecipient = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  role: LiteralUnion(RECIPIENT_ROLES, { description: 'SIGNER, APPROVER, WITNESS, VIEWER or CC' })
});

/** One line of the evidence sheet's timeline. */
export const EnvelopeTimelineEntry = Type.Object({
  id: Type.String({ description: 'The event\'s id: a webhook delivery of the same event carries it' }),
  at: DateTime({ description: 'When it happened' }),
  event: Type.String({
    description: 'The event type, named as in docs/events.md: `envelope.created`, `envelope.in_progress`, `recipient.viewed`, `recipient.signed_all`... ' +
      'including the internal ones no webhook delivers (`envelope.created`, `envelope.updated`, `recipient.link_requested`)'
  }),
  recipient: Nullable(TimelineRecipient, { description: 'The recipient a `recipient.*` event concerns; null for an `envelope.*` event' }),
  ip_address: Nullable(Type.String({ description: 'The address the recipient acted from (signing, rejecting, a code check)' })),
  user_agent: Nullable(Type.String()),
  details: Type.Object({
    status: Type.Optional(Type.String({ description: 'The envelope\'s status after an `envelope.*` event, the recipient\'s after a `recipient.*` one' })),
    reason: Type.Optional(Type.String({ description: 'Why the recipient rejected (`recipient.rejected`)' })),
    channel: Type.Optional(LiteralUnion(['email', 'sms'], { description: 'How the validation code went (`recipient.validation_code_*`, `recipient.validation_max_attempts`)' })),
    disclosure_version: Type.Optional(Type.String({ description: 'The consumer disclosure version consented to (`recipient.consented`), or whose consent was withdrawn (`recipient.consent_withdrawn`, when one had been given)' }))
  }, { description: 'What the evidence sheet shows of the event beyond who, when and where' })
});
export type EnvelopeTimelineEntry = Static<typeof EnvelopeTimelineEntry>;

/** GET /api/v1/envelopes/:id/timeline. */
export const EnvelopeTimelineResponse = Answer({
  envelope_id: Type.String(),
  timeline: Type.Array(EnvelopeTimelineEntry, { description: 'Every recorded event of the envelope, oldest first' })
});
export type EnvelopeTimelineResponse = Static<typeof EnvelopeTimelineResponse>;
