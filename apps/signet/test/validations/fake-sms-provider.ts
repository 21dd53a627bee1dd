import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSmsProvider {
  /** SMS_* variables that point Signet at this server. */
  env: Record<string, string>;
  /** Every request's form (To, From, Body), in arrival order, failed ones too. */
  requests: URLSearchParams[];
  /** The messages it accepted. */
  accepted: URLSearchParams[];
  /** The next `count` requests answer 503, as a provider outage would. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const ACCOUNT_SID = 'AC00000000000000000000000000000000';

/** A stand-in for Twilio's Messages API on loopback: Signet's tests never call a real provider. */
export async function startFakeSmsProvider(): Promise<FakeSmsProvider> {
  const requests: URLSearchParams[] = [];
  const accepted: URLSearchParams[] = [];
  let failures = 0;
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    requests.push(form);
    const authorised = req.headers.authorization === `Basic ${Buffer.from(`${ACCOUNT_SID}:fake-token`).toString('base64')}`;
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json` || !authorised) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20404, status: 404 }));
      return;
    }
    if (failures > 0) {
      failures -= 1;
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20503, status: 503 }));
      return;
    }
    accepted.push(form);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${accepted.length}`, status: 'queued', to: form.get('To') }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { SMS_ACCOUNT_SID: ACCOUNT_SID, SMS_AUTH_TOKEN: 'fake-token', SMS_FROM: '+15005550006', SMS_API_URL: url },
    requests,
    accepted,
    failNext(count) {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve()))
  };
}
