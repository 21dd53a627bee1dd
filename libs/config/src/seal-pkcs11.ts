import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';
import { Env, readOptionalString } from './readers';

/** A seal key inside a PKCS#11 token (an HSM), and where its certificates are. */
export interface Pkcs11SealConfig {
  /** The HSM's PKCS#11 module (a .so). */
  module: string;
  /** The token by its label, or else by the id of its slot. */
  tokenLabel: string | null;
  slotId: bigint | null;
  pin: string;
  /** The private key by CKA_LABEL, CKA_ID, or both. */
  keyLabel: string | null;
  keyId: Buffer | null;
  /** PEM certificates (the seal's, its CAs, or both) beside those stored in the token; null: the token's only. */
  certificatesPem: string | null;
  /** The variable behind each setting, so a token's refusal at start names the one to fix. */
  variables: Record<'module' | 'token' | 'pin' | 'key' | 'certificate', string>;
}

const PREFIX = 'SIGNET_SEAL_PKCS11_';

/** SIGNET_SEAL_PKCS11_* and SIGNET_SEAL_CHAIN_*: null without a module; every other bad value is a ConfigError. */
export function readPkcs11(env: Env): Pkcs11SealConfig | null {
  const module = readOptionalString(env, `${PREFIX}MODULE`);
  if (module === null) return null;
  const token = oneOf(env, `${PREFIX}TOKEN`, `${PREFIX}SLOT`, true);
  const pin = oneOf(env, `${PREFIX}PIN`, `${PREFIX}PIN_FILE`, true);
  const certificates = oneOf(env, 'SIGNET_SEAL_CHAIN_PEM', 'SIGNET_SEAL_CHAIN_FILE', false);
  const keyLabel = readOptionalString(env, `${PREFIX}KEY_LABEL`);
  const keyId = readKeyId(env);
  if (keyLabel === null && keyId === null) throw new ConfigError(`${PREFIX}KEY_LABEL`, `or ${PREFIX}KEY_ID is required with ${PREFIX}MODULE`);
  const certificatesPem = certificates && readCertificates(certificates.name, certificates.value);
  return {
    module,
    tokenLabel: token.name === `${PREFIX}TOKEN` ? token.value : null,
    slotId: token.name === `${PREFIX}SLOT` ? readSlotId(token.value) : null,
    pin: pin.name === `${PREFIX}PIN_FILE` ? readSecretFile(pin.name, pin.value) : pin.value,
    keyLabel,
    keyId,
    certificatesPem,
    variables: {
      module: `${PREFIX}MODULE`,
      token: token.name,
      pin: pin.name,
      key: keyLabel === null ? `${PREFIX}KEY_ID` : `${PREFIX}KEY_LABEL`,
      certificate: certificates?.name ?? 'SIGNET_SEAL_CHAIN_PEM'
    }
  };
}

interface Setting {
  name: string;
  value: string;
}

/** The one of two alternative variables that is set; both is an error, and so is neither when `required`. */
function oneOf(env: Env, first: string, second: string, required: true): Setting;
function oneOf(env: Env, first: string, second: string, required: false): Setting | null;
function oneOf(env: Env, first: string, second: string, required: boolean): Setting | null {
  const [a, b] = [readOptionalString(env, first), readOptionalString(env, second)];
  if (a !== null && b !== null) throw new ConfigError(second, `cannot be set with ${first}: set one of the two`);
  if (a === null && b === null && required) throw new ConfigError(first, `or ${second} is required with ${PREFIX}MODULE`);
  if (a !== null) return { name: first, value: a };
  return b === null ? null : { name: second, value: b };
}

function readSlotId(value: string): bigint {
  if (!/^(\d+|0x[0-9a-f]+)$/i.test(value)) throw new ConfigError(`${PREFIX}SLOT`, 'must be a slot id, decimal or 0x-prefixed hex (pkcs11-tool -L shows both)', value);
  return BigInt(value);
}

function readKeyId(env: Env): Buffer | null {
  const value = readOptionalString(env, `${PREFIX}KEY_ID`);
  if (value === null) return null;
  const hex = value.replace(/:/g, '');
  if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new ConfigError(`${PREFIX}KEY_ID`, 'must be the key\'s CKA_ID in hex, e.g. 5e41', value);
  return Buffer.from(hex, 'hex');
}

/** A PIN kept in a file (a mounted Secret): its content, without the line end editors add. */
function readSecretFile(name: string, path: string): string {
  const value = readText(name, path).replace(/\r?\n$/, '');
  if (value === '') throw new ConfigError(name, 'names an empty file', path);
  return value;
}

function readCertificates(name: string, value: string): string {
  const pem = name.endsWith('_FILE') ? readText(name, value) : value;
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(name, 'must hold PEM certificates (-----BEGIN CERTIFICATE-----)');
  return pem;
}

function readText(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(name, `names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, path);
  }
}
