import { randomInt } from 'node:crypto';

/** Six digits from the CSPRNG, each of 000000 to 999999 equally likely (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
