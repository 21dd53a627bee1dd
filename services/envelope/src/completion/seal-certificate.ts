import type { Knex } from 'knex';
import type { SealConfig } from '@signet/config';
import { generateServiceCertificate } from '@signet/signed-pdf';

export type SealCertificate = SealConfig;

const ROW_ID = 'service';

/**
 * The certificate that seals signed PDFs: the configured one (SIGNET_SEAL_P12), else one generated the
 * first time one is needed and kept in the envelope schema, so every replica seals with the same one.
 * Two replicas generating at once both insert-or-ignore and then read back the one row that won.
 */
export async function sealCertificate(configured: SealConfig | null, db: Knex, now: Date): Promise<SealCertificate> {
  if (configured) return configured;
  const existing = await db('seal_certificates').where({ id: ROW_ID }).first();
  if (existing) return { p12: existing.p12, passphrase: existing.passphrase };
  const generated = generateServiceCertificate({ commonName: 'Signet', organization: 'Signet' });
  await db('seal_certificates')
    .insert({ id: ROW_ID, p12: generated.p12, passphrase: generated.passphrase, certificate_pem: generated.certificatePem, created_at: now })
    .onConflict('id').ignore();
  const stored = await db('seal_certificates').where({ id: ROW_ID }).first();
  return { p12: stored.p12, passphrase: stored.passphrase };
}
