import { isIP } from 'node:net';
import { ConfigError } from './config-error';

export type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function readString(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

export function readOptionalString(env: Env, name: string): string | null {
  return raw(env, name) ?? null;
}

export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}`, value);
  }
  return parsed;
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new ConfigError(name, 'must be true or false', value);
}

export function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(', ')})`, value);
  }
  if (!protocols.includes(url.protocol.replace(':', ''))) {
    throw new ConfigError(name, `must be a URL (${protocols.join(', ')})`, value);
  }
  return value.replace(/\/+$/, '');
}

export function readEmail(env: Env, name: string, fallback: string): string {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(value)) throw new ConfigError(name, 'must be an email address such as no-reply@example.com', value);
  return value;
}

export function readEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}`, value);
  }
  return value as T;
}

export function readHostPortList(env: Env, name: string): string[] | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[A-Za-z0-9.\-\[\]:]+:\d{1,5}$/.test(entry))) {
    throw new ConfigError(name, 'must be a comma-separated list of host:port', value);
  }
  return entries;
}

/** Which peers may tell the client's address in X-Forwarded-For: none, a hop count, or addresses. */
export type TrustProxy = false | number | string[];

const TRUSTED_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (TRUSTED_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function readTrustProxy(env: Env, name: string): TrustProxy {
  const value = raw(env, name);
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every(isAddressOrSubnet)) {
    throw new ConfigError(name, 'must be a number of proxy hops, or a comma-separated list of addresses, subnets (CIDR) and loopback, linklocal, uniquelocal', value);
  }
  return entries;
}
