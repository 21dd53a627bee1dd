import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Attempts to leave the machine that were refused in this thread (reported with the worker's stats). */
let refused = 0;

export function refusedNetworkAttempts() {
  return refused;
}

function refuse(what) {
  refused++;
  return new Error(`The identity engine works offline: refused ${what}`);
}

/**
 * What this thread's libraries get as `fetch`: human loads its models, and the tfjs WASM backend its
 * binary, with fetch; here it reads `file://` URLs from disk and throws for anything else, so no model,
 * weight or image can ever come from (or go to) the network.
 */
export async function offlineFetch(input) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : String(input?.url ?? input);
  if (!url.startsWith('file://')) throw refuse(`fetch of ${url.split('?')[0]}`);
  const bytes = await readFile(fileURLToPath(url));
  const type = url.endsWith('.json') ? 'application/json' : url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return new Response(bytes, { status: 200, headers: { 'content-type': type } });
}

/**
 * Installs the offline fetch as this thread's global, and makes every TCP or IPC connection this thread's
 * code might open fail: a library that used node:http or a socket directly would be caught too.
 */
export function goOffline() {
  globalThis.fetch = offlineFetch;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function refusedConnect(...args) {
    const target = typeof args[0] === 'object' && args[0] !== null ? args[0].path ?? `${args[0].host ?? ''}:${args[0].port ?? ''}` : String(args[0]);
    const error = refuse(`a connection to ${target}`);
    process.nextTick(() => this.destroy(error));
    return this;
  };
  return () => {
    net.Socket.prototype.connect = connect;
  };
}
