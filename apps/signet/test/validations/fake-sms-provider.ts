import { createHmac } from 'node:crypto';
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
  /** The id it answered for each accepted message, in the same order. */
  sids: string[];
  /** The next `count` requests answer 503, as a provider outage would. */
  failNext(count: number): void;
  /**
   * The delivery report Twilio would post for message `sid` to the StatusCallback that came with it:
   * Twilio's fields, and its signature with the auth token (or `authToken`, to forge one).
   */
  statusReport(sid: string, status: string, options?: { errorCode?: string; authToken?: string }): StatusReport;
  /** The X-Twilio-Signature the provider would send with `fields` posted to `url`. */
  sign(url: string, fields: URLSearchParams): string;
  close(): Promise<void>;
}

export interface StatusReport {
  url: string;
  fields: URLSearchParams;
  signature: string;
}

const ACCOUNT_SID = 'AC00000000000000000000000000000000';
const AUTH_TOKEN = 'fake-token';

/**
 * Twilio's documented signing, written here on its own (not Signet's code under test): HMAC-SHA1 with
 * the auth token over the URL and each field's name and value, sorted by name; base64.
 */
function twilioSigns(authToken: string, url: string, fields: URLSearchParams): string {
  const sorted = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac('sha1', authToken).update(url + sorted.map(([name, value]) => name + value).join('')).digest('base64');
}

/** A stand-in for Twilio's Messages API on loopback: Signet's tests never call a real provider. */
export async function startFakeSmsProvider(): Promise<FakeSmsProvider> {
  const requests: URLSearchParams[] = [];
  const accepted: URLSearchParams[] = [];
  const sids: string[] = [];
  let failures = 0;
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    requests.push(form);
    const authorised = req.headers.authorization === `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
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
    sids.push(`SM${accepted.length}`);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: sids.at(-1), status: 'queued', to: form.get('To') }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { SMS_ACCOUNT_SID: ACCOUNT_SID, SMS_AUTH_TOKEN: AUTH_TOKEN, SMS_FROM: '+15005550006', SMS_API_URL: url },
    requests,
    accepted,
    sids,
    failNext(count) {
      failures = count;
    },
    statusReport(sid, status, options = {}) {
      const message = accepted[sids.indexOf(sid)];
      const callback = message?.get('StatusCallback');
      if (!message || !callback) throw new Error(`no message ${sid} with a StatusCallback`);
      const fields = new URLSearchParams({
        AccountSid: ACCOUNT_SID, ApiVersion: '2010-04-01', From: message.get('From') ?? '', To: message.get('To') ?? '',
        MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, ...(options.errorCode === undefined ? {} : { ErrorCode: options.errorCode })
      });
      return { url: callback, fields, signature: twilioSigns(options.authToken ?? AUTH_TOKEN, callback, fields) };
    },
    sign: (url, fields) => twilioSigns(AUTH_TOKEN, url, fields),
    close: () => new Promise((resolve) => server.close(() => resolve()))
  };
}
