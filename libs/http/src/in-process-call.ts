import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Socket } from 'node:net';

/**
 * Parts this process serves, by the URL they listen on. A call to one of these URLs is handed to the
 * part's app here instead of crossing a loopback connection: in monolith mode a create's settings call
 * cost more CPU in HTTP client and server than in the part's own work.
 */
const localParts = new Map<string, RequestListener>();

/** Serves calls to `url` in this process until the returned function is called. */
export function serveInProcess(url: string, app: RequestListener): () => void {
  localParts.set(url, app);
  return () => {
    if (localParts.get(url) === app) localParts.delete(url);
  };
}

export function inProcessPart(url: string): RequestListener | null {
  return localParts.get(url) ?? null;
}

export interface InProcessRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface InProcessAnswer {
  status: number;
  body: Buffer;
}

type Chunk = string | Buffer | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
}

/**
 * Runs the request through the app as the HTTP server would (every middleware: signature check, body
 * parsing and limits, validation, metrics, errors) with node's own request and response objects; only
 * the socket is missing, so what the app writes is collected here instead of being sent.
 */
export function callInProcess(app: RequestListener, request: InProcessRequest): Promise<InProcessAnswer> {
  return new Promise((resolve, reject) => {
    const req = new IncomingMessage(new Socket());
    req.method = request.method;
    req.url = request.path;
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.httpVersion = '1.1';
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    req.headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    if (body) req.headers['content-length'] = String(body.length);
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    res.write = ((chunk: Chunk, encoding?: BufferEncoding | (() => void)) => {
      chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void)) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      resolve({ status: res.statusCode, body: Buffer.concat(chunks) });
      // What listens for the end of a response (metrics, on-finished) hears it as after a real one.
      res.emit('finish');
      res.emit('close');
      return res;
    }) as ServerResponse['end'];
    try {
      app(req, res);
    } catch (error) {
      reject(error);
      return;
    }
    if (body) req.push(body);
    // HTTP's parser marks a message complete once it has all of it. One left incomplete is destroyed
    // as aborted when read to its end: 'aborted' emitted, its socket destroyed, an error built for that.
    req.complete = true;
    req.push(null);
  });
}
