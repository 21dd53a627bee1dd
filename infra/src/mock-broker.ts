import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface MockBroker {
  /** Bootstrap servers, `host:port`. */
  brokers: string[];
  /** Drops every connection and refuses new ones until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const kafkaMockDir = path.resolve(__dirname, '../kafka-mock');
const stopTimeoutMs = 2000;
let built = false;

function buildOnce(): void {
  if (built) return;
  try {
    execFileSync('sh', [path.join(kafkaMockDir, 'build.sh')], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(stderr || `infra/kafka-mock/build.sh failed: ${(error as Error).message}`);
  }
  built = true;
}

function readBootstrap(
  child: ChildProcessWithoutNullStreams,
  lines: readline.Interface,
  stderr: () => string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void =>
      reject(new Error(`mock-broker exited (${code}) before starting: ${stderr()}`));
    child.once('error', reject).once('exit', onExit);
    lines.once('line', (line) => {
      child.off('error', reject).off('exit', onExit);
      resolve(line);
    });
  });
}

/** Starts librdkafka's mock cluster (one broker) on a random loopback port. */
export async function startMockBroker(): Promise<MockBroker> {
  buildOnce();
  const child = spawn(path.join(kafkaMockDir, 'mock-broker'), [], { stdio: ['pipe', 'pipe', 'pipe'] });
  // librdkafka logs notices on stderr; keep the tail only to explain a failed start.
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-2000);
  });
  // A command racing the child's exit fails with EPIPE; the exit handler below reports it.
  child.stdin.on('error', () => undefined);

  const lines = readline.createInterface({ input: child.stdout });
  const bootstrap = await readBootstrap(child, lines, () => stderrTail.trim());

  const pendingAcks: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      for (const ack of pendingAcks.splice(0)) ack.reject(new Error('mock-broker exited'));
      resolve();
    });
  });
  lines.on('line', (line) => {
    if (line === 'ok') pendingAcks.shift()?.resolve();
  });
  const running = (): boolean => child.exitCode === null && child.signalCode === null;

  function send(command: 'down' | 'up'): Promise<void> {
    if (!running()) return Promise.reject(new Error('mock-broker is not running'));
    return new Promise((resolve, reject) => {
      pendingAcks.push({ resolve, reject });
      child.stdin.write(`${command}\n`);
    });
  }

  async function stop(): Promise<void> {
    if (!running()) return;
    child.stdin.end('quit\n');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    await exited;
    clearTimeout(killTimer);
  }

  return { brokers: bootstrap.split(','), down: () => send('down'), up: () => send('up'), stop };
}
