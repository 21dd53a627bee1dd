import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { RECIPIENT_ROLES } from '../fields/field-types';

/**
 * A recipient as webhook payloads show it (with its envelope's id); its status values are an open set,
 * so status stays a string.
 */
export const EnvelopeRecipient = Type.Object({
  id: Type.String(),
  envelope_id: Type.String(),
  custom_key: Type.String(),
  order: Type.Integer({ minimum: 0 }),
  status: Type.String(),
  created_at: DateTime(),
  updated_at: DateTime(),
  name: Type.String(),
  name_label: Nullable(Type.String()),
  email: Type.String(),
  email_label: Nullable(Type.String()),
  // Input fields of the recipient, carried so the evidence sheet and integrators can show them.
  tax_id: Type.Optional(Nullable(Type.String())),
  tax_label: Type.Optional(Nullable(Type.String())),
  rep_id: Type.Optional(Nullable(Type.String())),
  rep_label: Type.Optional(Nullable(Type.String())),
  signed_at: Type.Optional(Nullable(DateTime())),
  /** What the recipient does (SIGNER when not given). */
  role: Type.Optional(LiteralUnion(RECIPIENT_ROLES)),
  /** A WITNESS's signer, by key. */
  witness_of: Type.Optional(Nullable(Type.String()))
});

export type EnvelopeRecipient = Static<typeof EnvelopeRecipient>;
