import type { Logger } from '@signet/log';
import type { Knex } from 'knex';

export interface EnvelopeCompleter {
  start(): void;
  /** Runs a round now (after the last signature) instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/** Envelopes still IN_PROGRESS whose every recipient has signed: the work a crash or a failure left too. */
async function envelopesToComplete(db: Knex): Promise<Array<{ id: string; tenant_id: string }>> {
  return db('envelopes').select('id', 'tenant_id').where({ status: 'IN_PROGRESS' })
    .whereNotExists(db('recipients').select(db.raw('1')).whereRaw('recipients.envelope_id = envelopes.id').whereNot('recipients.status', 'SIGNED'))
    .orderBy('updated_at').limit(20);
}

/**
 * The durable half of signing: a poller that completes every fully signed envelope, woken at once by
 * the last signature. A failed envelope is logged and tried again next round, without holding up others.
 */
export function createEnvelopeCompleter(options: {
  db: Knex; log: Logger; pollIntervalMs: number; complete: (tenantId: string, envelopeId: string) => Promise<void>;
}): EnvelopeCompleter {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function round(): Promise<void> {
    for (const envelope of await envelopesToComplete(options.db)) {
      if (stopped) return;
      try {
        await options.complete(envelope.tenant_id, envelope.id);
      } catch (error) {
        options.log.error({ err: error, envelope_id: envelope.id }, 'envelope completion failed; retrying at the next round');
      }
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => options.log.error({ err: error }, 'envelope completion round failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(run, options.pollIntervalMs);
      run();
    },
    wake: run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    }
  };
}
