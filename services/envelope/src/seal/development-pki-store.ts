import type { Knex } from 'knex';
import { deriveKey, openText, sealText } from '@signet/http';
import { createDevelopmentPki, type DevelopmentPki, type KeyAndCertificate, pemOf } from '@signet/signed-pdf';

const ROW_ID = 'development';

/** Where the development CA's CRL is published (the gateway serves it without an API key). */
export const DEVELOPMENT_CRL_PATH = '/pki/signet-dev-ca.crl';

/**
 * The development PKI, created the first time it is needed and kept in the envelope schema, encrypted
 * (AES-256-GCM, a key derived from the internal secret), so every replica seals with the same chain and
 * a copy of the database alone holds no usable key. Replicas creating it at once insert-or-ignore and
 * read back the row that won.
 */
export async function loadDevelopmentPki(db: Knex, internalSecret: string, publicBaseUrl: string, now: Date): Promise<DevelopmentPki> {
  const key = deriveKey(internalSecret, 'signet-envelope-seal', 'development-pki v1');
  const existing = await db('seal_pki').where({ id: ROW_ID }).first();
  if (existing) return decode(openText(key, existing.sealed, ROW_ID));
  const created = await createDevelopmentPki({ crlUrl: `${publicBaseUrl}${DEVELOPMENT_CRL_PATH}`, now });
  await db('seal_pki')
    .insert({ id: ROW_ID, sealed: sealText(key, encode(created), ROW_ID), ca_certificate_pem: pemOf(created.ca.certificate), created_at: now })
    .onConflict('id').ignore();
  const stored = await db('seal_pki').where({ id: ROW_ID }).first();
  return decode(openText(key, stored.sealed, ROW_ID));
}

type Stored = Record<'ca' | 'seal' | 'tsa', { privateKey: string; certificate: string }> & { crlUrl: string };

function encode(pki: DevelopmentPki): string {
  const pair = (value: KeyAndCertificate) => ({ privateKey: value.privateKey.toString('base64'), certificate: value.certificate.toString('base64') });
  const stored: Stored = { ca: pair(pki.ca), seal: pair(pki.seal), tsa: pair(pki.tsa), crlUrl: pki.crlUrl };
  return JSON.stringify(stored);
}

function decode(text: string): DevelopmentPki {
  const stored = JSON.parse(text) as Stored;
  const pair = (value: Stored['ca']): KeyAndCertificate => ({
    privateKey: Buffer.from(value.privateKey, 'base64'), certificate: Buffer.from(value.certificate, 'base64')
  });
  return { ca: pair(stored.ca), seal: pair(stored.seal), tsa: pair(stored.tsa), crlUrl: stored.crlUrl };
}
