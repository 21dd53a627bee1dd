import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';

export interface SoftHsmToken {
  /** A scratch folder beside the token directory, removed with it. */
  dir: string;
  /** What a process needs to see this token: SoftHSM reads its configuration from SOFTHSM2_CONF. */
  env: { SOFTHSM2_CONF: string };
  label: string;
  slotId: string;
  /** An RSA 2048 key pair made inside the token by `pkcs11-tool --keypairgen`; its public key as SubjectPublicKeyInfo DER. */
  generateKey(keyLabel: string, keyId: string): Buffer;
  /** Stores a certificate (DER) in the token with `pkcs11-tool --write-object --type cert`. */
  writeCertificate(der: Buffer, label: string, id: string): void;
  /** The token objects `pkcs11-tool --list-objects` shows (logged in), one line each, sorted. */
  listObjects(): string[];
  remove(): void;
}

/**
 * A fresh SoftHSM2 token in a SoftHSM configuration and token directory of its own (nothing of the
 * machine's tokens is seen or touched), driven by the operators' tools: softhsm2-util and OpenSC's
 * pkcs11-tool, as docs/production-signing.md shows.
 */
export function createSoftHsmToken(label: string, pin: string): SoftHsmToken {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-softhsm-'));
  mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  const env = { SOFTHSM2_CONF: conf };
  const run = (command: string, args: string[]) => execFileSync(command, args, { env: { PATH: process.env.PATH ?? '', ...env } }).toString();
  const initialized = run('softhsm2-util', ['--init-token', '--free', '--label', label, '--pin', pin, '--so-pin', `so-${pin}`]);
  const slotId = /reassigned to slot (\d+)/.exec(initialized)?.[1];
  if (!slotId) throw new Error(`softhsm2-util did not say which slot: ${initialized}`);
  const tool = (args: string[]) => run('pkcs11-tool', ['--module', SOFTHSM_MODULE, '--token-label', label, '--login', '--pin', pin, ...args]);

  return {
    dir,
    env,
    label,
    slotId,
    generateKey(keyLabel, keyId) {
      tool(['--keypairgen', '--key-type', 'rsa:2048', '--label', keyLabel, '--id', keyId]);
      const file = path.join(dir, `${keyId}.pub.der`);
      tool(['--read-object', '--type', 'pubkey', '--id', keyId, '--output-file', file]);
      return readFileSync(file);
    },
    writeCertificate(der, certificateLabel, id) {
      const file = path.join(dir, `${id}.crt.der`);
      writeFileSync(file, der);
      tool(['--write-object', file, '--type', 'cert', '--label', certificateLabel, '--id', id]);
    },
    listObjects: () => tool(['--list-objects']).split('\n').filter((line) => /^\S/.test(line)).sort(),
    remove: () => rmSync(dir, { recursive: true, force: true })
  };
}
