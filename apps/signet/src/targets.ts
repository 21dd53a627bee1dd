import { ConfigError, isPartName, PartName } from '@signet/config';
import { AVAILABLE_PARTS } from './registry';

/** `all` or a comma-separated list of parts -> the parts in start order. */
export function parseTargets(value: string): PartName[] {
  if (value.trim() === 'all') return [...AVAILABLE_PARTS];
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!isPartName(name) || !AVAILABLE_PARTS.includes(name)) {
      throw new ConfigError('--target', `must be all or a comma-separated list of ${AVAILABLE_PARTS.join(', ')}`, value);
    }
  }
  if (names.length === 0) throw new ConfigError('--target', 'names no part', value);
  return AVAILABLE_PARTS.filter((part) => names.includes(part));
}

export function runsEveryPart(parts: readonly PartName[]): boolean {
  return AVAILABLE_PARTS.every((part) => parts.includes(part));
}
