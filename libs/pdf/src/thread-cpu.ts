import { readFileSync } from 'node:fs';

/**
 * Linux's clock ticks per second for /proc times (USER_HZ): 100 on every architecture Node supports,
 * fixed by the kernel ABI whatever the kernel's own tick rate.
 */
const USER_HZ = 100;

/**
 * CPU time (user plus system, in ms, to the 10 ms tick) a thread has used, read from its
 * /proc/<pid>/task/<tid>/stat, or null once it cannot be read (the thread has ended).
 */
export function threadCpuMs(statPath: string): number | null {
  let stat: string;
  try {
    stat = readFileSync(statPath, 'latin1');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / USER_HZ;
}
