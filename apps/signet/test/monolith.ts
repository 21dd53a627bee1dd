import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { checkAnswersFrom } from '@signet/testkit';

const BIN = path.join(__dirname, '..', 'bin', 'signet');

export interface Started {
  child: ChildProcessWithoutNullStreams;
  key: string;
  exited: Promise<number | null>;
}

/** `signet` exactly as `npm start` runs it: no DATABASE_URL, no Kafka, nothing but a data directory. */
export async function startMonolith(env: Record<string, string>): Promise<Started> {
  // Tests reach it on loopback at its port: every answer from there is checked against docs/openapi.json.
  if (env.PORT) checkAnswersFrom(`http://127.0.0.1:${env.PORT}`);
  const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const key = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`signet did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Development API key: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`signet exited with ${code}:\n${output}`));
    });
  });
  return { child, key, exited };
}
