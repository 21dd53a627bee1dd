import type { Knex } from 'knex';
import { deriveKey, openText, sealText } from '@signet/http';
import { createDevelopmentSignerCa, type KeyAndCertificate, pemOf } from '@signet/signed-pdf';

const ROW_ID = 'development-signer';

/**
 * The development signer CA, created the first time an advanced signature needs it and kept beside the
 * development PKI (encrypted with a key derived from the internal secret), so every replica certifies
 * with the same CA. Replicas creating it at once insert-or-ignore and read back the row that won.
 */
export async function loadDevelopmentSignerCa(db: Knex, internalSecret: string, now: Date): Promise<KeyAndCertificate> {
  const key = deriveKey(internalSecret, 'signet-envelope-seal', 'development-signer-ca v1');
  const existing = await db('seal_pki').where({ id: ROW_ID }).first();
  if (existing) return decode(openText(key, existing.sealed, ROW_ID));
  const created = await createDevelopmentSignerCa({ now });
  const text = JSON.stringify({ privateKey: created.privateKey.toString('base64'), certificate: created.certificate.toString('base64') });
  await db('seal_pki').insert({ id: ROW_ID, sealed: sealText(key, text, ROW_ID), ca_certificate_pem: pemOf(created.certificate), created_at: now }).onConflict('id').ignore();
  const stored = await db('seal_pki').where({ id: ROW_ID }).first();
  return decode(openText(key, stored.sealed, ROW_ID));
}

function decode(text: string): KeyAndCertificate {
  const stored = JSON.parse(text) as { privateKey: string; certificate: string };
  return { privateKey: Buffer.from(stored.privateKey, 'base64'), certificate: Buffer.from(stored.certificate, 'base64') };
}
