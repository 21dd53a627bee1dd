import NodeEnvironment from 'jest-environment-node';
import type { Circus } from '@jest/types';

function writesAsJson(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The thrown value as JSON can carry it: itself when it can, else a copy that keeps its name, message,
 * stack and every property JSON can write (the value itself is left alone: it may be a live socket's).
 */
function writableError(thrown: unknown): unknown {
  if (writesAsJson(thrown)) return thrown;
  if (typeof thrown !== 'object' || thrown === null) return String(thrown);
  const { name, message, stack } = thrown as { name?: unknown; message?: unknown; stack?: unknown };
  const copy = Object.assign(new Error(String(message ?? thrown)), { name: String(name ?? 'Error'), stack });
  for (const [key, value] of Object.entries(thrown)) Reflect.set(copy, key, writesAsJson(value) ? value : `[${typeof value} JSON cannot write]`);
  return copy;
}

/**
 * Node's environment, except that a failed test's errors are made writable as JSON before jest sends them
 * from its worker to the reporter. jest 29 writes them with JSON.stringify: a thrown value that refers to
 * itself (an error whose `error` is itself, say) fails that write, and the whole file is then reported as
 * "failed to run" with a "circular structure" message in place of what failed.
 */
export default class SignetTestEnvironment extends NodeEnvironment {
  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name !== 'test_done') return;
    event.test.errors = event.test.errors.map((entry) => (Array.isArray(entry) ? entry.map(writableError) : writableError(entry))) as Circus.TestEntry['errors'];
  }
}
