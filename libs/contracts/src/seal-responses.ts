import { Type, type Static } from '@sinclair/typebox';

/** One certificate of the seal's chain, as GET /api/v1/seal/certificates shows it. */
export const SealCertificate = Type.Object(
  {
    subject: Type.String({ description: 'Distinguished name of the certificate holder' }),
    issuer: Type.String({ description: 'Distinguished name of the issuer' }),
    serial_number: Type.String({ description: 'Serial number, hexadecimal' }),
    not_before: Type.String({ format: 'date-time' }),
    not_after: Type.String({ format: 'date-time' }),
    sha256_fingerprint: Type.String({ description: 'SHA-256 of the DER certificate, hexadecimal' }),
    pem: Type.String()
  },
  { additionalProperties: false }
);
export type SealCertificate = Static<typeof SealCertificate>;

/**
 * GET /api/v1/seal/certificates: the chain that seals signed PDFs and evidence sheets (the seal first,
 * the root CA last) and that of the timestamp authority, so a validator can be told to trust the root.
 */
export const SealCertificatesResponse = Type.Object(
  {
    /** True when the chain is Signet's generated development CA, which no validator trusts by default. */
    development: Type.Boolean(),
    seal: Type.Array(SealCertificate),
    timestamp_authority: Type.Union([Type.Array(SealCertificate), Type.Null()], { description: 'Null when the TSA is remote (TSA_URL)' }),
    /** The whole seal chain as one PEM file, CA included. */
    chain_pem: Type.String(),
    /** Where the development CA publishes its CRL; null for a configured certificate. */
    crl_url: Type.Union([Type.String(), Type.Null()]),
    signer_ca: Type.Object({
      development: Type.Boolean({ description: "True for Signet's generated development signer CA" }),
      certificates: Type.Array(SealCertificate, { description: "The signer CA's chain, the CA first: it certifies each signer's key in envelopes whose signature.level is advanced" }),
      chain_pem: Type.String(),
      crl_url: Type.String({ description: "Where Signet publishes the signer CA's CRL" })
    }, { additionalProperties: false, description: 'The CA of advanced signatures, apart from the seal: trust it to trust signers' }),
    request_id: Type.String()
  },
  { additionalProperties: false }
);
export type SealCertificatesResponse = Static<typeof SealCertificatesResponse>;

/** One signature (or document timestamp) of a PDF, as POST /api/v1/signature-reports judges it. */
export const SignatureReport = Type.Object(
  {
    kind: Type.Union([Type.Literal('signature'), Type.Literal('document_timestamp')]),
    level: Type.Union([Type.Literal('seal'), Type.Literal('AdES'), Type.Literal('QES'), Type.Null()], {
      description: "seal: this Signet's seal; QES: a signature whose certificate states it is qualified (QcCompliance); AdES: any other signature (a signer's own); null for a document timestamp"
    }),
    sub_filter: Type.String({ description: 'e.g. ETSI.CAdES.detached, adbe.pkcs7.detached, ETSI.RFC3161' }),
    signer: Type.Union([
      Type.Object({
        common_name: Type.Union([Type.String(), Type.Null()]), subject: Type.String(), issuer: Type.String(), serial_number: Type.String(),
        not_before: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        not_after: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        policies: Type.Array(Type.String(), { description: "Certificate policy OIDs: Signet's signer certificates carry its signer policy" })
      }, { additionalProperties: false }),
      Type.Null()
    ]),
    claimed_signing_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'The /M the signer wrote; not proof of time' }),
    timestamped_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'From a verified RFC 3161 token' }),
    pades_level: Type.Union([Type.Literal('B-B'), Type.Literal('B-T'), Type.Literal('B-LT'), Type.Literal('B-LTA'), Type.Null()]),
    integrity: Type.Object({ valid: Type.Boolean(), problem: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
    chain_trusted: Type.Boolean({ description: 'The signer chain leads to one of the configured trust anchors' }),
    modified_after_signing: Type.Boolean(),
    modification: Type.Union([Type.String(), Type.Null()])
  },
  { additionalProperties: false }
);
export type SignatureReport = Static<typeof SignatureReport>;

/** POST /api/v1/signature-reports (body: the PDF, Content-Type: application/pdf). */
export const SignatureReportsResponse = Type.Object(
  {
    signatures: Type.Array(SignatureReport),
    /** Subjects of the certificates trust was judged against (the seal's and TSA's roots and the signer CA). */
    trust_anchors: Type.Array(Type.String()),
    request_id: Type.String()
  },
  { additionalProperties: false }
);
export type SignatureReportsResponse = Static<typeof SignatureReportsResponse>;
