import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAnswer, checkAnswersFrom } from './checked-answers';
import { isJson } from './openapi-contract';

/** Headers of one connection, not of the answer: the proxy sends the whole body with its own length. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

export interface ContractProxy {
  url: string;
  /** Every difference between an answer that passed through and docs/openapi.json. */
  problems: string[];
  close(): Promise<void>;
}

function forward(target: URL, req: http.IncomingMessage): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    upstream.on('error', reject);
    req.pipe(upstream);
  });
}

/**
 * A reverse proxy in front of a Signet for clients outside the test's process (curl in the quickstart):
 * every answer passes through unchanged and is checked against docs/openapi.json on the way.
 */
export async function startContractProxy(targetUrl: string, port = 0): Promise<ContractProxy> {
  const problems: string[] = [];
  const target = new URL(targetUrl);
  const server = http.createServer((req, res) => {
    forward(target, req).then((answer) => {
      const contentType = answer.headers['content-type'] ?? null;
      const body = contentType !== null && isJson(contentType) && answer.body.length > 0 ? JSON.parse(answer.body.toString('utf8')) : undefined;
      try {
        checkAnswer({ method: req.method ?? 'GET', url: `${url}${req.url ?? '/'}`, status: answer.status, contentType, body });
      } catch (problem) {
        problems.push((problem as Error).message);
      }
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      res.writeHead(answer.status, { ...headers, 'content-length': answer.body.length }).end(answer.body);
    }, (error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`contract proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  checkAnswersFrom(url);
  return { url, problems, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
