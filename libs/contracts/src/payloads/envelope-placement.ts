import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { PLACEMENT_TYPES } from '../fields/field-types';

/** Payloads show coordinates as strings, although they are numbers on input. */
export const PlacementCoordinates = Type.Object({
  id: Type.String(),
  top: Type.String(),
  left: Type.String(),
  page: Type.String()
});

/** A placement as webhook payloads show it; coordinates and token are null when the signature goes on an extra page. */
export const EnvelopePlacement = Type.Object({
  id: Type.String(),
  custom_key: Type.String(),
  placement_type: LiteralUnion(PLACEMENT_TYPES),
  created_at: DateTime(),
  updated_at: DateTime(),
  // Null while the placement names a key the envelope does not have (the envelope is then in ERROR).
  recipient_id: Nullable(Type.String()),
  recipient_key: Type.String(),
  document_id: Nullable(Type.String()),
  document_key: Type.String(),
  order: Type.Integer({ minimum: 0 }),
  coordinates: Nullable(PlacementCoordinates),
  token: Nullable(Type.String()),
  // Field properties: null on SIGNATURE, APPROVAL and WITNESS placements (name aside, when given).
  name: Type.Optional(Nullable(Type.String())),
  required: Type.Optional(Nullable(Type.Boolean())),
  readonly: Type.Optional(Nullable(Type.Boolean())),
  default_value: Type.Optional(Nullable(Type.String(), {
    description: 'What the field is prefilled with, as text: the placement\'s own `default_value`, or the value a template use gave in `fields[name]`. '
      + 'It is offered to the recipient, not their answer: the field\'s `value` in `fields` stays null until the recipient acts, and then holds what was recorded (this default, typed, unless they sent another).'
  })),
  options: Type.Optional(Nullable(Type.Array(Type.String()))),
  pattern: Type.Optional(Nullable(Type.String())),
  min: Type.Optional(Nullable(Type.String())),
  max: Type.Optional(Nullable(Type.String())),
  width: Type.Optional(Nullable(Type.Number())),
  height: Type.Optional(Nullable(Type.Number()))
});

export type PlacementCoordinates = Static<typeof PlacementCoordinates>;
export type EnvelopePlacement = Static<typeof EnvelopePlacement>;
