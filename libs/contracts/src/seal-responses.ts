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
    request_id: Type.String()
  },
  { additionalProperties: false }
);
export type SealCertificatesResponse = Static<typeof SealCertificatesResponse>;
