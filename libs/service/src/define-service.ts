import type { Express } from 'express';
import type { Subscription } from '@signet/bus';
import type { PartName } from '@signet/config';
import { createServiceApp, runHealthChecks } from '@signet/http';
import type { ServiceDeps, SignetService } from './service';
import { standardChecks } from './standard-checks';

/** A background loop a service runs while it is up: an outbox relay, a worker, a sweeper. */
export interface ServiceWorker {
  start(): void;
  stop(): Promise<void>;
}

/** What a service owns; everything else about being a service is the same for all of them. */
export interface ServiceSpec {
  name: PartName;
  /** Mounts the service's routes; every one of them sits behind internal-signature checking. */
  routes: (app: Express) => void;
  consumers?: Subscription[];
  /** Background loops: started in this order, stopped in reverse. */
  workers?: ServiceWorker[];
  /** Paths whose JSON bodies may be larger than the default 1 MB, with their own limit. */
  jsonBodyLimits?: Array<{ path: string; limit: string }>;
  /** Paths whose bodies are kept as they came (a provider's signed webhook). */
  rawBodyPaths?: string[];
  /** Readiness checks beyond the database and the bus. */
  checks?: Record<string, () => Promise<void>>;
  /** Start steps that are not loops (a warning, a listener): run before the workers start. */
  onStart?: () => Promise<void> | void;
  /** Stop steps that are not loops: run after the workers have stopped. */
  onStop?: () => Promise<void> | void;
}

/**
 * The wiring every service shares (readiness from the standard checks, the shared express app, loops
 * started in order and stopped in reverse), so a service's index.ts says only what it owns: routes,
 * consumers, workers.
 */
export function defineService(deps: ServiceDeps, spec: ServiceSpec): SignetService {
  const workers = spec.workers ?? [];
  const healthcheck = () => runHealthChecks({ ...standardChecks(deps.db, deps.bus), ...spec.checks });
  const app = createServiceApp({ name: spec.name, log: deps.log, internalSecret: deps.internalSecret, healthcheck, routes: spec.routes, jsonBodyLimits: spec.jsonBodyLimits, rawBodyPaths: spec.rawBodyPaths });

  return {
    name: spec.name,
    app,
    consumers: spec.consumers ?? [],
    async start() {
      await spec.onStart?.();
      for (const worker of workers) worker.start();
    },
    async stop() {
      for (const worker of [...workers].reverse()) await worker.stop();
      await spec.onStop?.();
    },
    healthcheck
  };
}
