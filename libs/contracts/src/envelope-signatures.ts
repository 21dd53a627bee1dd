import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './schema-helpers';
import { SignatureReport } from './seal-responses';
import { SignatureLevel } from './settings-fields';

/** How an advanced envelope's signers held their keys: what the evidence sheet states as the basis of sole control. */
export const ActKeyFacts = Type.Object(
  {
    storage: Type.Union([Type.Literal('memory'), Type.Literal('hsm')], { description: "Where each act's key is made and destroyed: process memory, or the seal's PKCS#11 token" }),
    certificate_minutes: Type.Integer({ description: "How long each act's certificate is valid" }),
    policy_oid: Type.String({ description: "The certificate policy of Signet's signer certificates" })
  },
  { additionalProperties: false }
);
export type ActKeyFacts = Static<typeof ActKeyFacts>;

/**
 * GET /internal/envelopes/:id/signatures (envelope part, for the evidence sheet): every signature of each
 * signed document of a SUCCESS envelope, judged as POST /api/v1/signature-reports judges a PDF.
 */
export const EnvelopeSignaturesResponse = Type.Object(
  {
    envelope_id: Type.String(),
    level: SignatureLevel,
    documents: Type.Array(Type.Object({
      id: Type.String(),
      file_name: Type.String(),
      signatures: Type.Array(SignatureReport)
    }, { additionalProperties: false })),
    /** Subjects of the certificates trust was judged against (the seal's and TSA's roots and the signer CA). */
    trust_anchors: Type.Array(Type.String()),
    /** For an advanced envelope, how its signers' keys were held; null at the other levels. */
    act_keys: Nullable(ActKeyFacts),
    request_id: Type.String()
  },
  { additionalProperties: false }
);
export type EnvelopeSignaturesResponse = Static<typeof EnvelopeSignaturesResponse>;
