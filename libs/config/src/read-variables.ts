import type { TObject } from '@sinclair/typebox';
import { ConfigError } from './config-error';
import { readVariable } from './declare';
import { PART_NAMES, partEnvPrefix, type PartName } from './parts';
import { CONFIG_SCHEMA, PART_SCHEMA, type ConfigValues, type PartValues } from './variables';

export type Env = Record<string, string | undefined>;

/** Reads `names` of `schema` from `env`, in declaration order; throws ConfigError on the first bad one. */
function readAll(schema: TObject, env: Env, name: (key: string) => string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(schema.properties)) {
    const raw = env[name(key)];
    const read = readVariable(variable, raw);
    if ('problem' in read) throw new ConfigError(name(key), read.problem, raw?.trim());
    values[key] = read.value;
  }
  return values;
}

/** Every variable of CONFIG_SCHEMA, checked, with its default where unset. */
export function readVariables(env: Env): ConfigValues {
  return readAll(CONFIG_SCHEMA, env, (key) => key) as ConfigValues;
}

/** The per-part variables (`<PART>_URL`, ...) of every part but the gateway. */
export function readPartVariables(env: Env): Array<{ part: PartName; values: PartValues }> {
  return PART_NAMES.filter((part) => part !== 'gateway').map((part) => ({
    part,
    values: readAll(PART_SCHEMA, env, (key) => `${partEnvPrefix(part)}_${key}`) as PartValues
  }));
}
