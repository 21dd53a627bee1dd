import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ): 100 on every kernel Node.js supports here. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  parent: number;
  /** CPU of the process's own threads, live and ended. */
  ownMs: number;
  /** CPU of its children that ended and were waited for. */
  reapedMs: number;
}

function statOf(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: the fields that follow start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = (index: number) => Number(fields[index - 3]);
  const ms = (value: number) => (value * 1000) / TICKS_PER_SECOND;
  return { pid, parent: Number(fields[1]), ownMs: ms(ticks(14) + ticks(15)), reapedMs: ms(ticks(16) + ticks(17)) };
}

function allProcesses(): ProcStat[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => statOf(Number(name))).filter((stat): stat is ProcStat => stat !== null);
}

/**
 * The CPU a process tree has used, in ms: the root's threads, its live descendants', and the descendants
 * that ended (each parent's reaped time). A child that ended between two readings is counted once its
 * parent has waited for it, which a server (node, PostgreSQL's postmaster) does at once.
 */
export function treeCpuMs(rootPid: number): number {
  const processes = allProcesses();
  const children = new Map<number, ProcStat[]>();
  for (const stat of processes) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  const root = processes.find((stat) => stat.pid === rootPid);
  if (!root) throw new Error(`process ${rootPid} is gone`);
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const stat = pending.pop() as ProcStat;
    total += stat.ownMs + stat.reapedMs;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

/** The parent of a process (PostgreSQL's postmaster, for a backend's pid). */
export function parentOf(pid: number): number {
  const stat = statOf(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return stat.parent;
}
