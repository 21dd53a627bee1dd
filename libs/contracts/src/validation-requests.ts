import { Type, type Static } from '@sinclair/typebox';

/** POST .../recipients/:recipient_id/validations/verify_code (spec 4.5): a string, so leading zeros survive. */
export const VerifyCodeRequest = Type.Object(
  {
    code: Type.String({ pattern: '^[0-9]{6}$', errorMessage: 'must be the 6-digit code, as a string' })
  },
  { additionalProperties: false }
);

export type VerifyCodeRequest = Static<typeof VerifyCodeRequest>;
