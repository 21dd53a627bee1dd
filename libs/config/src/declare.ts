import { isIP } from 'node:net';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * What the documentation says of a variable: its meaning, and what it shows as the default where that is
 * not a fixed value (computed at start, or the behaviour when the variable is unset).
 */
export interface VariableDoc {
  description: string;
  shownDefault?: string;
}

/**
 * Value shapes TypeBox has no keyword for, each with the one-line problem a bad value is told. They are
 * checked beside the schema (the `shape` annotation) rather than as TypeBox formats, whose registry is
 * global to the process.
 */
const SHAPES: Record<string, { check(value: string): boolean; problem: string }> = {
  email: { check: (value) => /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(value), problem: 'must be an email address such as no-reply@example.com' },
  'host-port-list': {
    check: (value) => value.split(',').every((entry) => /^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/.test(entry.trim())),
    problem: 'must be a comma-separated list of host:port'
  },
  'trust-proxy': {
    check: (value) => /^\d+$/.test(value) || value.split(',').every((entry) => isAddressOrSubnet(entry.trim())),
    problem: 'must be a number of proxy hops, or a comma-separated list of addresses, subnets (CIDR) and loopback, linklocal, uniquelocal'
  },
  'country-list': {
    check: (value) => value === '*' || value.split(',').every((code) => /^[A-Za-z]{2}$/.test(code.trim())),
    problem: 'must be * or a comma-separated list of two-letter country codes such as US,ES'
  },
  base64: { check: (value) => /^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(value), problem: 'must be a base64 PKCS#12 file' },
  'pkcs11-slot': { check: (value) => /^(\d+|0x[0-9a-f]+)$/i.test(value), problem: 'must be a slot id, decimal or 0x-prefixed hex (pkcs11-tool -L shows both)' },
  'key-ring': {
    check: (value) => value.split(',').every((entry) => /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=$/.test(entry.trim())),
    problem: 'must be a comma-separated list of id:key, each key 32 bytes in base64 (openssl rand -base64 32), the first encrypting'
  },
  'pkcs11-key-id': { check: (value) => /^([0-9a-f]{2})+$/i.test(value.replace(/:/g, '')), problem: "must be the key's CKA_ID in hex, e.g. 5e41" }
};

const TRUSTED_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (TRUSTED_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol.replace(':', ''));
  } catch {
    return false;
  }
}

export const integer = (minimum: number, maximum: number, doc: VariableDoc & { default?: number }) => Type.Integer({ minimum, maximum, ...doc });
export const text = (doc: VariableDoc & { default?: string }) => Type.String({ minLength: 1, ...doc });
export const flag = (doc: VariableDoc & { default?: boolean }) => Type.Boolean(doc);
export const oneOf = <T extends string>(values: readonly T[], doc: VariableDoc & { default?: T }) =>
  Type.Union(values.map((value) => Type.Literal(value)), doc);
export const shaped = (shape: keyof typeof SHAPES, doc: VariableDoc & { default?: string }) => Type.String({ shape, ...doc });
/** A URL with one of `protocols`; `list`: a comma-separated list of them. */
export const url = (protocols: readonly string[], doc: VariableDoc & { default?: string; list?: boolean }) =>
  Type.String({ protocols, ...doc });

/**
 * The value of an environment variable as its schema reads it: integers from digits only, booleans from
 * true/false, 1/0 or yes/no; anything else stays the string, which the schema then refuses.
 */
function parse(schema: TSchema, raw: string): unknown {
  if (schema.protocols && !schema.list) return raw.replace(/\/+$/, '');
  if (schema.type === 'integer') return /^\d+$/.test(raw) ? Number(raw) : raw;
  if (schema.type === 'boolean') {
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
  }
  return raw;
}

function fits(schema: TSchema, value: unknown): boolean {
  if (!Value.Check(schema, value)) return false;
  if (typeof value !== 'string') return true;
  if (schema.shape) return SHAPES[schema.shape as string]!.check(value);
  if (schema.protocols) {
    const urls = schema.list ? value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '') : [value];
    return urls.length > 0 && urls.every((entry) => isUrl(entry, schema.protocols as string[]));
  }
  return true;
}

/** The one line a bad value is told, after the variable's name. */
function problemOf(schema: TSchema): string {
  if (schema.type === 'integer') return `must be an integer from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'boolean') return 'must be true or false';
  if (schema.anyOf) return `must be one of ${(schema.anyOf as TSchema[]).map((literal) => literal.const).join(', ')}`;
  if (schema.shape) return SHAPES[schema.shape as string]!.problem;
  if (schema.protocols) return `must be a URL (${(schema.protocols as string[]).join(', ')})${schema.list ? ', or a comma-separated list of them' : ''}`;
  return 'must not be empty';
}

/** A variable's value: its default when unset (or blank), else the value read and checked, or the problem. */
export function readVariable(schema: TSchema, raw: string | undefined): { value: unknown } | { problem: string } {
  const trimmed = raw?.trim();
  if (trimmed === undefined || trimmed === '') return { value: schema.default };
  const value = parse(schema, trimmed);
  return fits(schema, value) ? { value } : { problem: problemOf(schema) };
}
