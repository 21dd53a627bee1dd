import type { Logger } from '@signet/log';

/** Shutdown runs in this order: stop taking requests, stop workers, stop consuming, close databases. */
const PHASES = ['servers', 'services', 'bus', 'databases', 'embedded'] as const;

export type ShutdownPhase = (typeof PHASES)[number];

export interface Shutdown {
  add(phase: ShutdownPhase, step: () => Promise<void>): void;
  run(): Promise<void>;
}

export function createShutdown(log: Logger): Shutdown {
  const steps = new Map<ShutdownPhase, Array<() => Promise<void>>>(PHASES.map((phase) => [phase, []]));
  return {
    add(phase, step) {
      steps.get(phase)?.push(step);
    },
    async run() {
      for (const phase of PHASES) {
        const pending = steps.get(phase)?.splice(0) ?? [];
        await Promise.all(pending.map((step) => step().catch((error: unknown) => log.error({ err: error, phase }, 'shutdown step failed'))));
      }
    }
  };
}
