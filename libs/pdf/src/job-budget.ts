import { threadCpuMs } from './thread-cpu';

export interface BudgetWatch {
  /** The job was handed to its started worker: its own work starts counting now. */
  jobStarted(): void;
  /** Whether the job used more than its budget: as the worker measured it when it answers, else as polled. */
  overBudget(reportedCpuMs?: number | null): boolean;
  stop(): void;
}

export interface BudgetOptions {
  timeoutMs: number;
  wallTimeoutMs: number;
  /** The worker thread's /proc stat file, or null where there is none (the budget is then wall-clock). */
  cpuStatPath: () => string | null;
  /** The worker thread's CPU time when it last answered (it has been idle since), or null if unknown. */
  cpuAtRest: () => number | null;
  /** The job's own work took more than timeoutMs: a verdict on the document. */
  onOverBudget(): void;
  /** The wall-clock backstop passed first: the host, not the document, is the problem. */
  onBackstop(): void;
}

/** How often a running job's CPU time is read: often enough for small budgets, cheap for large ones. */
function pollIntervalMs(timeoutMs: number): number {
  return Math.min(100, Math.max(10, Math.floor(timeoutMs / 5)));
}

/**
 * Watches one job: its CPU time against timeoutMs (from jobStarted), and the wall clock against
 * wallTimeoutMs (from now, covering a worker's start). Starting a worker, waiting for the CPU on a busy
 * host and the libraries' one-off loading are not the document's doing, so they never count against it.
 */
export function watchBudget(options: BudgetOptions): BudgetWatch {
  const backstop = setTimeout(options.onBackstop, options.wallTimeoutMs);
  let poll: NodeJS.Timeout | undefined;
  let used: () => number = () => 0;

  const overBudget = (reportedCpuMs?: number | null) => (typeof reportedCpuMs === 'number' ? reportedCpuMs : used()) > options.timeoutMs;
  return {
    jobStarted() {
      const statPath = options.cpuStatPath();
      // The thread's clock as the worker last reported it (idle since), so no read is made here: most
      // jobs answer before the first poll, with their own CPU time.
      const startCpu = statPath === null ? null : (options.cpuAtRest() ?? threadCpuMs(statPath));
      if (statPath !== null && startCpu !== null) {
        used = () => (threadCpuMs(statPath) ?? startCpu) - startCpu;
      } else {
        const startedAt = performance.now();
        used = () => performance.now() - startedAt;
      }
      poll = setInterval(() => {
        if (overBudget()) options.onOverBudget();
      }, pollIntervalMs(options.timeoutMs));
    },
    overBudget,
    stop() {
      clearTimeout(backstop);
      clearInterval(poll);
    }
  };
}
