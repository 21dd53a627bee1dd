import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { BootstrapApiKey } from '@signet/config';

/**
 * Monolith mode with no configured keys gets one development key, kept under DATA_DIR so it survives
 * restarts (an integrator's scripts keep working).
 */
export function developmentApiKey(dataDir: string): BootstrapApiKey {
  const file = path.join(dataDir, 'dev-api-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `sgn_dev_${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  }
  return { key: readFileSync(file, 'utf8').trim(), tenantId: 'dev', plan: 'enterprise', development: true };
}

/**
 * The internal secret of a process that runs every part and was given none: random once, then kept under
 * DATA_DIR, because the generated seal keys are encrypted with it and must open again after a restart.
 */
export function monolithSecret(dataDir: string): string {
  const file = path.join(dataDir, 'internal-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
