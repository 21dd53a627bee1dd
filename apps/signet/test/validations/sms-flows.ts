import { randomBytes } from 'node:crypto';
import { samplePdf, waitFor } from '@signet/testkit';
import type { ApiResponse, TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Ana's phone, as an integrator might write it, and as Signet keeps it (E.164). */
export const ANA_PHONE = { given: '+34 612 34 56 78', e164: '+34612345678' };

export interface PhoneEnvelope {
  id: string;
  recipientId: string;
  token: string;
}

/**
 * An envelope with one recipient (Ana, with a phone and an address no other test uses) and phone
 * validation on, sent; `form` adds or overrides fields (email validation, orders, language).
 */
export async function phoneEnvelope(api: TestSignet, key: string, form: Record<string, string> = {}): Promise<PhoneEnvelope> {
  const tag = randomBytes(4).toString('hex');
  const created = await api.call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': `ana.${tag}@example.com`, 'recipients[ana][name]': 'Ana Lima', 'recipients[ana][phone]': ANA_PHONE.given,
      'settings[validations][phone][enabled]': 'TRUE',
      'settings[emails][envelope_invitation]': 'FALSE',
      ...form
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const envelope = created.body.envelope as Body;
  const sent = await api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key });
  if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const [link] = await waitFor(() => {
    const found = api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'recipient.link_generated');
    return found.length === 1 && found;
  }, 20_000, 'recipient.link_generated');
  const data = link?.event.data as Body;
  return { id: envelope.id, recipientId: data.id, token: String(data.signing_url).split('/sign/')[1] as string };
}

/** The signer's own calls, by token (no API key), as the signer page makes them. */
export const signerSendCode = (api: TestSignet, token: string, channel?: string): Promise<ApiResponse> =>
  api.call('POST', `/signing/v1/${token}/validation/send_code`, { key: null, json: channel === undefined ? {} : { channel } });
export const signerVerifyCode = (api: TestSignet, token: string, code: string, channel?: string): Promise<ApiResponse> =>
  api.call('POST', `/signing/v1/${token}/validation/verify_code`, { key: null, json: channel === undefined ? { code } : { code, channel } });

/** The 6-digit code in an SMS text (the default texts give it once; the expiry time has no 6-digit run). */
export function codeInSms(body: string): string {
  const match = /(?<![0-9])([0-9]{6})(?![0-9])/.exec(body);
  if (!match) throw new Error(`no code in the SMS: ${body}`);
  return match[1] as string;
}

/** An SMS in monolith mode's sink, as /dev/sms shows it. */
export interface SunkSms {
  to: string;
  body: string;
  status: string;
}

/** The SMS to `to` in monolith mode's sink, read as tools read it: GET /dev/sms with Accept: application/json. */
export async function smsInSink(api: TestSignet, to: string, count: number): Promise<SunkSms[]> {
  return waitFor(async () => {
    const response = await fetch(`${api.url}/dev/sms`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: SunkSms[] };
    const found = messages.filter((sms) => sms.to === to).reverse();
    return found.length >= count && found;
  }, 20_000, `${count} SMS to the sink`);
}

/** The newest code mailed to `to` in monolith mode's mail sink (GET /dev/mail/messages.json). */
export async function mailedCode(api: TestSignet, to: string): Promise<string> {
  const mail = await waitFor(async () => {
    const response = await fetch(`${api.url}/dev/mail/messages.json`);
    const { messages } = (await response.json()) as { messages: Array<{ to: string; text: string }> };
    return messages.find((candidate) => candidate.to === to);
  }, 20_000, `a code mailed to ${to}`);
  const match = /^([0-9]{6})$/m.exec(mail.text);
  if (!match) throw new Error(`no code in the mail: ${mail.text}`);
  return match[1] as string;
}
