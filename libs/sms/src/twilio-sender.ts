import { SmsRejectedError, type SmsSender } from './sms-sender';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender: a phone number in E.164, an alphanumeric sender id, or a Messaging Service SID (`MG...`). */
  from: string;
  /** `https://api.twilio.com`, or any server that speaks the same Messages API (tests use a fake on loopback). */
  apiUrl: string;
  /** Longest one request may take, connecting to reading the answer. */
  timeoutMs?: number;
  /** Sent as StatusCallback: where the provider then reports the message's delivery status. */
  statusCallbackUrl?: string | null;
}

/**
 * 4xx answers whose Twilio error code says the message can never go to this number as it stands: an
 * invalid or unreachable number, a landline, an unsubscribed recipient, a country the account may not
 * reach. Other 4xx (bad credentials, a suspended account) are the operator's to fix: retried meanwhile.
 */
const PERMANENT_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614, 21635]);

interface TwilioAnswer {
  sid?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`,
 * `From` (or `MessagingServiceSid`), `Body` and, when configured, `StatusCallback`, HTTP Basic auth with
 * the account SID and auth token.
 * The answer's `sid` and `status` are the message's id and delivery status at the provider.
 */
export function createTwilioSender(config: TwilioConfig): SmsSender {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(config.from) ? { MessagingServiceSid: config.from } : { From: config.from };
  const callback: Record<string, string> = config.statusCallbackUrl ? { StatusCallback: config.statusCallbackUrl } : {};
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, ...sender, Body: message.body, ...callback });
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000)
      });
      const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
      const code = typeof answer.code === 'number' ? answer.code : null;
      // The provider's message is kept short and never carries the number or the body back into logs.
      const reason = `SMS provider answered ${response.status}${code === null ? '' : ` (error ${code})`}`;
      if (response.status >= 400 && response.status < 500 && code !== null && PERMANENT_CODES.has(code)) throw new SmsRejectedError(code, reason);
      if (!response.ok || typeof answer.sid !== 'string') throw new Error(reason);
      return { providerMessageId: answer.sid, status: typeof answer.status === 'string' ? answer.status : 'queued' };
    }
  };
}
