import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import knex from 'knex';
import { createTestDatabase, samplePdf, startMockBroker, type MockBroker } from '@signet/testkit';
import { postgresForTests, TEST_POSTGRES_ENV } from '@signet/testkit/src/postgres-server';
import { Receiver, startReceiver } from '../webhooks/receiver';
import { runLoad, Unit } from './load';
import { FAULT_KEY, PartProcesses, PROCESS_PARTS, type ProcessName, startPartProcesses } from './part-processes';
import { FaultRow, verifyUnits } from './verify-units';

/**
 * `npm run test:faults`: Signet in microservices mode (envelope, webhook-delivery and the rest in
 * separate processes over librdkafka's mock cluster) under a bounded load of integrators' units of work
 * (create an envelope, send it; Idempotency-Key and retries as a careful client does), one fault per row.
 * Prints sent / acknowledged / lost / duplicated / redelivered / wrong verdicts / cut, and exits non-zero on
 * any loss, duplicate or wrong verdict, on an event delivered again under its id by a fault that kills no
 * part, or on a request a graceful stop cut after it had taken effect. A request
 * sent into a kept-alive connection the stopping part had just closed is cut before it took effect
 * (HTTP/1.1 has no way to avoid that race); the client's retry with its Idempotency-Key covers it.
 */
const CONCURRENCY = 4;
const BEFORE_FAULT_MS = 3000;
const AFTER_FAULT_MS = 5000;

interface Stage {
  broker: MockBroker;
  parts: PartProcesses;
  receiver: Receiver;
  databaseUrl: string;
  pdf: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Busy loops on every core for the duration: the host a platform team saw at load average 20-35. */
function starveCpu(): ChildProcess[] {
  return Array.from({ length: availableParallelism() * 4 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

async function subscribe(stage: Stage, path: string): Promise<void> {
  const response = await fetch(`${stage.parts.gatewayUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: FAULT_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${stage.receiver.url}${path}`, subscriptions: 'envelope.in_progress' })
  });
  if (response.status !== 200) throw new Error(`creating the webhook answered ${response.status}: ${await response.text()}`);
}

/** Runs the load while `fault` does its work (a few seconds in), then verifies every unit once it cleared. */
async function underFault(stage: Stage, name: string, fault: () => Promise<void>): Promise<{ row: FaultRow; units: Unit[] }> {
  const tag = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40);
  await subscribe(stage, `/${tag}`);
  const faultDone = pause(BEFORE_FAULT_MS).then(fault).then(async () => {
    await pause(AFTER_FAULT_MS);
  });
  const units = await runLoad(stage.parts.gatewayUrl, stage.pdf, tag, CONCURRENCY, faultDone);
  await faultDone;
  return { row: await verifyUnits(name, tag, units, stage.parts.gatewayUrl, stage.receiver, `/${tag}`), units };
}

/** `killsAPart`: kill -9, after which an event may reach a receiver again under its own id (at least once). */
const FAULTS: Array<{ name: string; run(stage: Stage): Promise<void>; graceful?: boolean; killsAPart?: boolean }> = [
  {
    name: 'no fault (baseline)',
    async run() {
      await pause(2000);
    }
  },
  {
    name: 'Kafka broker down 30 s',
    async run(stage) {
      await stage.broker.down();
      await pause(30_000);
      await stage.broker.up();
    }
  },
  {
    name: 'kill -9 of envelope, restarted',
    killsAPart: true,
    async run(stage) {
      await stage.parts.kill('envelope', 'SIGKILL');
      await stage.parts.restart('envelope');
    }
  },
  {
    name: 'kill -9 of webhook-delivery, restarted',
    killsAPart: true,
    async run(stage) {
      await stage.parts.kill('webhook-delivery', 'SIGKILL');
      await stage.parts.restart('webhook-delivery');
    }
  },
  {
    name: 'PostgreSQL backends terminated 5 times',
    async run(stage) {
      const admin = knex({ client: 'pg', connection: stage.databaseUrl, pool: { min: 0, max: 1 } });
      try {
        for (let round = 0; round < 5; round += 1) {
          await admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
          await pause(1000);
        }
      } finally {
        await admin.destroy();
      }
    }
  },
  {
    name: 'SIGTERM of envelope with requests in flight, restarted',
    graceful: true,
    async run(stage) {
      await stage.parts.kill('envelope', 'SIGTERM');
      await stage.parts.restart('envelope');
    }
  },
  {
    name: 'CPU-starved host (4 busy loops per core)',
    async run() {
      const hogs = starveCpu();
      await pause(15_000);
      for (const hog of hogs) hog.kill('SIGKILL');
    }
  }
];

function failures(row: FaultRow, { graceful = false, killsAPart = false }: { graceful?: boolean; killsAPart?: boolean }): string[] {
  const found: string[] = [];
  if (row.lost > 0) found.push(`${row.lost} lost`);
  if (row.duplicated > 0) found.push(`${row.duplicated} duplicated`);
  if (!killsAPart && row.redelivered > 0) found.push(`${row.redelivered} events delivered again under their id, with no part killed`);
  if (row.wrongVerdicts > 0) found.push(`${row.wrongVerdicts} wrong verdicts`);
  if (graceful && row.cutAfterEffect > 0) found.push(`${row.cutAfterEffect} requests cut after taking effect by a graceful stop`);
  if (row.acknowledged === 0) found.push('nothing acknowledged');
  return found;
}

async function main(): Promise<void> {
  // --only=broker,kill -9 of envelope runs the faults whose names contain any of these, in the usual order.
  const only = process.argv.slice(2).find((arg) => arg.startsWith('--only='))?.slice('--only='.length).toLowerCase().split(',');
  const postgres = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = postgres.url;
  const database = await createTestDatabase();
  const broker = await startMockBroker();
  const receiver = await startReceiver();
  const parts = await startPartProcesses({ databaseUrl: database.url, brokers: broker.brokers.join(',') });
  const stage: Stage = { broker, parts, receiver, databaseUrl: database.url, pdf: (await samplePdf()).toString('base64') };
  const rows: FaultRow[] = [];
  const problems: string[] = [];
  try {
    for (const fault of FAULTS.filter((candidate) => !only || only.some((name) => candidate.name.toLowerCase().includes(name)))) {
      process.stdout.write(`fault: ${fault.name}\n`);
      const { row, units } = await underFault(stage, fault.name, () => fault.run(stage));
      rows.push(row);
      for (const unit of units) for (const verdict of unit.wrongVerdicts) process.stdout.write(`  wrong verdict: ${verdict}\n`);
      const found = failures(row, fault);
      if (found.length > 0) {
        problems.push(`${fault.name}: ${found.join(', ')}`);
        const cuts = parts.output('gateway').split('\n').filter((line) => line.includes('UPSTREAM_FAILED')).slice(-5);
        process.stdout.write(`  the gateway's last cut requests:\n${cuts.join('\n')}\n`);
        for (const name of Object.keys(PROCESS_PARTS) as ProcessName[]) {
          const errors = parts.output(name).split('\n').filter((line) => /"level":(50|60)/.test(line)).slice(-5);
          if (errors.length > 0) process.stdout.write(`  ${name}'s last errors:\n${errors.join('\n')}\n`);
        }
      }
    }
  } finally {
    console.table(rows);
    await parts.stop();
    await receiver.close();
    await broker.stop();
    await database.drop();
  }
  if (problems.length > 0) {
    console.error(`Faults that lost, duplicated or misjudged work:\n${problems.join('\n')}`);
    process.exitCode = 1;
  } else {
    process.stdout.write('No fault lost, duplicated or misjudged any work.\n');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
