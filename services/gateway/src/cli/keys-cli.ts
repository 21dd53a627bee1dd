import { parseArgs } from 'node:util';
import { isPlan, PLANS } from '@signet/config';
import type { ApiKeyRepository } from '../api-keys/api-key-repository';
import { generateApiKey } from '../api-keys/api-key-secret';

/** `signet help keys`. */
export const KEYS_USAGE = [
  'usage:',
  '  signet keys create --tenant <tenant> --plan <starter|professional|enterprise> [--name <name>] [--admin]',
  '                     [--envelopes-per-hour <n> --envelopes-per-day <n>]   (enterprise: the key\'s own limits)',
  '                     --admin: the key may also manage its tenant\'s keys through the API',
  '  signet keys list [--tenant <tenant>]',
  '  signet keys revoke <key id>'
].join('\n');

const KEYS_OPTIONS = {
  tenant: { type: 'string' }, plan: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' },
  'envelopes-per-hour': { type: 'string' }, 'envelopes-per-day': { type: 'string' }
} as const;

/** A limit flag: absent is null (the plan's default), anything but a positive whole number is NaN. */
function limitOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  return /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : Number.NaN;
}

export interface KeysCliIo {
  keys: ApiKeyRepository;
  print: (line: string) => void;
  now: () => Date;
}

/** Manages API keys; the raw key is printed once, at creation, and never stored. Returns the exit code. */
export async function runKeysCli(args: string[], io: KeysCliIo): Promise<number> {
  const [command, ...rest] = args;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof KEYS_OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: KEYS_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // An unknown or incomplete option is the caller's mistake: say which, with the usage, never a stack.
    io.print(`${error instanceof Error ? error.message : String(error)}\n${KEYS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (command === 'create') {
    if (!values.tenant || !/^[A-Za-z0-9_.-]{1,100}$/.test(values.tenant) || !values.plan || !isPlan(values.plan)) {
      io.print(`--tenant (1-100 letters, digits, _ . -) and --plan (${PLANS.join(', ')}) are required\n${KEYS_USAGE}`);
      return 2;
    }
    const limits = { envelopesPerHour: limitOf(values['envelopes-per-hour']), envelopesPerDay: limitOf(values['envelopes-per-day']) };
    if (Number.isNaN(limits.envelopesPerHour) || Number.isNaN(limits.envelopesPerDay) || ((limits.envelopesPerHour ?? limits.envelopesPerDay) !== null && values.plan !== 'enterprise')) {
      io.print(`--envelopes-per-hour and --envelopes-per-day take whole numbers, for enterprise keys only\n${KEYS_USAGE}`);
      return 2;
    }
    const key = generateApiKey();
    const scopes = values.admin ? ['admin' as const] : [];
    const record = await io.keys.insert({ key, tenantId: values.tenant, plan: values.plan, name: values.name ?? 'cli', scopes, now: io.now(), ...limits });
    io.print(`created key ${record.id} for tenant ${record.tenant_id} (${record.plan}${values.admin ? ', admin' : ''})`);
    io.print(`API key (shown once, store it now): ${key}`);
    return 0;
  }
  if (command === 'list') {
    for (const record of await io.keys.list(values.tenant)) {
      const state = record.revoked_at ? `revoked ${record.revoked_at.toISOString()}` : 'active';
      const limits = record.envelopes_per_hour || record.envelopes_per_day ? `  limits=${record.envelopes_per_hour ?? '-'}/h,${record.envelopes_per_day ?? '-'}/day` : '';
      const scopes = record.scopes.length > 0 ? record.scopes.join(',') : '-';
      io.print(`${record.id}  ${record.key_prefix}  tenant=${record.tenant_id}  plan=${record.plan}${limits}  scopes=${scopes}  name=${record.name}  ${state}`);
    }
    return 0;
  }
  if (command === 'revoke' && positionals[0]) {
    const revoked = await io.keys.revoke(positionals[0], io.now());
    io.print(revoked ? `revoked ${positionals[0]}` : `no active key ${positionals[0]}`);
    return revoked ? 0 : 1;
  }
  io.print(KEYS_USAGE);
  return 2;
}
