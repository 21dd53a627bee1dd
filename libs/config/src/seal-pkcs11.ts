import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';
import type { ConfigValues } from './variables';

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

type Pkcs11Variable = Extract<keyof ConfigValues, `SIGNET_SEAL_${string}`>;

/**
 * SIGNET_SEAL_PKCS11_* and SIGNET_SEAL_CHAIN_* (each already checked against its schema): null without a
 * module; a missing or doubled setting, or a file that cannot be used, is a ConfigError.
 */
export function readPkcs11(values: ConfigValues): Pkcs11SealConfig | null {
  const module = values.SIGNET_SEAL_PKCS11_MODULE;
  if (module === undefined) return null;
  const token = oneOf(values, `${PREFIX}TOKEN`, `${PREFIX}SLOT`, true);
  const pin = oneOf(values, `${PREFIX}PIN`, `${PREFIX}PIN_FILE`, true);
  const certificates = oneOf(values, 'SIGNET_SEAL_CHAIN_PEM', 'SIGNET_SEAL_CHAIN_FILE', false);
  const keyLabel = values.SIGNET_SEAL_PKCS11_KEY_LABEL ?? null;
  const keyId = values.SIGNET_SEAL_PKCS11_KEY_ID === undefined ? null : Buffer.from(values.SIGNET_SEAL_PKCS11_KEY_ID.replace(/:/g, ''), 'hex');
  if (keyLabel === null && keyId === null) throw new ConfigError(`${PREFIX}KEY_LABEL`, `or ${PREFIX}KEY_ID is required with ${PREFIX}MODULE`);
  const certificatesPem = certificates && readCertificates(certificates.name, certificates.value);
  return {
    module,
    tokenLabel: token.name === `${PREFIX}TOKEN` ? token.value : null,
    slotId: token.name === `${PREFIX}SLOT` ? BigInt(token.value) : null,
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
function oneOf(values: ConfigValues, first: Pkcs11Variable, second: Pkcs11Variable, required: true): Setting;
function oneOf(values: ConfigValues, first: Pkcs11Variable, second: Pkcs11Variable, required: false): Setting | null;
function oneOf(values: ConfigValues, first: Pkcs11Variable, second: Pkcs11Variable, required: boolean): Setting | null {
  const [a, b] = [values[first] ?? null, values[second] ?? null];
  if (a !== null && b !== null) throw new ConfigError(second, `cannot be set with ${first}: set one of the two`);
  if (a === null && b === null && required) throw new ConfigError(first, `or ${second} is required with ${PREFIX}MODULE`);
  if (a !== null) return { name: first, value: a };
  return b === null ? null : { name: second, value: b };
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
