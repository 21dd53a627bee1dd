import { ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, waitFor } from '@signet/testkit';

const BIN = path.join(__dirname, '..', '..', 'bin', 'signet');
const START_TIMEOUT_MS = 180_000;

export const FAULT_KEY = 'fault-suite-key';
export const FAULT_TENANT = 'faults';

/**
 * The processes of a microservices deployment: envelope and webhook-delivery alone (the parts the suite
 * kills), the gateway with the parts it does not kill in a third. They talk over Kafka and HTTP only.
 */
export const PROCESS_PARTS = {
  envelope: ['envelope'],
  'webhook-delivery': ['webhook-delivery'],
  gateway: ['settings', 'upload', 'validation', 'evidence', 'gateway']
} as const;

export type ProcessName = keyof typeof PROCESS_PARTS;

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  output: string;
  /** Set when the suite stops or kills it: any other exit is a crash, reported with its last lines. */
  stopping: boolean;
}

export interface PartProcesses {
  gatewayUrl: string;
  kill(name: ProcessName, signal: NodeJS.Signals): Promise<void>;
  /** Starts the process again on its port and waits until it answers `/readyz`. */
  restart(name: ProcessName): Promise<void>;
  /** The last lines a process wrote, to explain a failure. */
  output(name: ProcessName): string;
  stop(): Promise<void>;
}

export async function startPartProcesses(options: { databaseUrl: string; brokers: string }): Promise<PartProcesses> {
  const ports = new Map<string, number>();
  for (const part of Object.values(PROCESS_PARTS).flat()) ports.set(part, await freePort());
  const urlOf = (part: string) => `http://127.0.0.1:${ports.get(part)}`;
  // The gateway's process runs several parts: each on its own port, reached as the others reach it.
  const besideGateway = PROCESS_PARTS.gateway.filter((part) => part !== 'gateway');
  const dataDir = `/tmp/signet-faults-${process.pid}`;
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp',
    DATABASE_URL: options.databaseUrl, KAFKA_BROKERS: options.brokers, HOST: '127.0.0.1', PUBLIC_BASE_URL: urlOf('gateway'),
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNET_INTERNAL_SECRET: 'fault-suite-internal-secret', WEBHOOK_ALLOW_LOOPBACK: 'true',
    SIGNET_BOOTSTRAP_API_KEYS: `${FAULT_KEY}:${FAULT_TENANT}:enterprise`, ENTERPRISE_ENVELOPES_PER_HOUR: '1000000', ENTERPRISE_ENVELOPES_PER_DAY: '1000000',
    ENVELOPE_URL: urlOf('envelope'), WEBHOOK_DELIVERY_URL: urlOf('webhook-delivery'),
    ...Object.fromEntries(besideGateway.map((part) => [`${part.toUpperCase()}_URL`, urlOf(part)])),
    ...Object.fromEntries(besideGateway.map((part) => [`${part.toUpperCase()}_PORT`, String(ports.get(part))]))
  };
  const running = new Map<ProcessName, Running>();

  const start = async (name: ProcessName) => {
    const child = spawn(process.execPath, [BIN, `--target=${PROCESS_PARTS[name].join(',')}`], { env: { ...env, PORT: String(ports.get(name)) } });
    const entry: Running = { child, exited: new Promise((resolve) => child.once('exit', () => resolve())), output: '', stopping: false };
    void entry.exited.then(() => {
      if (!entry.stopping) process.stdout.write(`  ${name} exited on its own (${child.exitCode ?? child.signalCode}); its last lines:\n${entry.output.split('\n').slice(-80).join('\n')}\n`);
    });
    const keep = (chunk: Buffer) => {
      entry.output = (entry.output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    running.set(name, entry);
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited while starting:\n${entry.output}`);
      return fetch(`${urlOf(name)}/readyz`).then((response) => response.ok, () => false);
    }, START_TIMEOUT_MS, `${name} ready`);
  };

  const kill = async (name: ProcessName, signal: NodeJS.Signals) => {
    const entry = running.get(name);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
    entry.stopping = true;
    entry.child.kill(signal);
    await entry.exited;
  };

  // Services first, so the gateway's first requests find them; the gateway process runs settings.
  await start('gateway');
  await start('envelope');
  await start('webhook-delivery');
  return {
    gatewayUrl: urlOf('gateway'),
    kill,
    restart: start,
    output: (name) => running.get(name)?.output ?? '',
    async stop() {
      for (const name of ['gateway', 'envelope', 'webhook-delivery'] as ProcessName[]) await kill(name, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
