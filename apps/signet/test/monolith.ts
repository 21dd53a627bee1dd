import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { checkAnswersFrom } from '@signet/testkit';

const BIN = path.join(__dirname, '..', 'bin', 'signet');
const START_TIMEOUT_MS = 90_000;

export interface Started {
  child: ChildProcessWithoutNullStreams;
  key: string;
  exited: Promise<number | null>;
}

/** `signet` exactly as `npm start` runs it: no DATABASE_URL, no Kafka, nothing but a data directory. */
export async function startMonolith(env: Record<string, string>): Promise<Started> {
  const { child, exited, match } = await spawnSignet(env, /Development API key: (\S+)/);
  return { child, key: match, exited };
}

export interface StartedProcess {
  child: ChildProcessWithoutNullStreams;
  /** The base URL the gateway printed. */
  url: string;
  exited: Promise<number | null>;
}

/** `signet` (every part) in a process of its own, with the given environment only: for what jest's process cannot hold (an HSM's SOFTHSM2_CONF). */
export async function startSignetProcess(env: Record<string, string>): Promise<StartedProcess> {
  const { child, exited, match } = await spawnSignet(env, /Signet is listening at (\S+)/);
  return { child, url: match, exited };
}

/** Runs `signet` until it exits: its exit code and everything it printed (a start that must fail). */
export async function runSignetUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawnChild(env);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

function spawnChild(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env } });
}

/** Starts `signet` and waits for the line `ready` matches; its first group is answered. */
async function spawnSignet(env: Record<string, string>, ready: RegExp) {
  // Tests reach it on loopback at its port: every answer from there is checked against docs/openapi.json.
  if (env.PORT) checkAnswersFrom(`http://127.0.0.1:${env.PORT}`);
  const child = spawnChild(env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const match = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`signet did not start in time:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`signet exited with ${code}:\n${output}`));
    });
  });
  return { child, exited, match };
}
