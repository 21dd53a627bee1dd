import { randomBytes } from 'node:crypto';
import { samplePdf, waitFor } from '@signet/testkit';
import type { ApiResponse, TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A 1x1 PNG: enough of a drawn signature for the stamping. */
export const DRAWN_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const drawn = { consent: true, signature: { type: 'DRAWN', image: `data:image/png;base64,${DRAWN_PNG}` } };
export const written = (text: string) => ({ consent: true, signature: { type: 'WRITTEN', text } });

export interface SentEnvelope {
  id: string;
  /** Signing tokens by recipient key, read from recipient.link_generated. */
  tokens: Record<string, string>;
}

/** Creates and sends an envelope with ana and ben (addresses no other test uses); `form` adds or overrides fields, recipients too. */
export async function sentEnvelope(api: TestSignet, key: string, form: Record<string, string> = {}): Promise<SentEnvelope> {
  const tag = randomBytes(4).toString('hex');
  const created = await api.call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': (await samplePdf({ pages: 2, text: 'Sign here: {{ana}}' })).toString('base64'),
      'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': `ana.${tag}@example.com`, 'recipients[ana][name]': 'Ana Lima',
      'recipients[ben][email]': `ben.${tag}@example.com`, 'recipients[ben][name]': 'Ben Ode',
      ...form
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const envelope = created.body.envelope as Body;
  const sent = await api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key });
  if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
  const recipients = new Set(['ana', 'ben', ...Object.keys(form).flatMap((field) => /^recipients\[([^\]]+)\]\[email\]$/.exec(field)?.[1] ?? [])]).size;
  const links = await waitFor(() => {
    const found = api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'recipient.link_generated');
    return found.length === recipients && found;
  }, 20_000, 'recipient.link_generated for every recipient');
  const tokens: Record<string, string> = {};
  for (const link of links) {
    const data = link.event.data as Body;
    tokens[data.custom_key] = String(data.signing_url).split('/sign/')[1] as string;
  }
  return { id: envelope.id, tokens };
}

export const session = (api: TestSignet, token: string): Promise<ApiResponse> => api.call('GET', `/signing/v1/${token}`, { key: null });
export const sign = (api: TestSignet, token: string, body: unknown): Promise<ApiResponse> => api.call('POST', `/signing/v1/${token}/sign`, { key: null, json: body });
export const reject = (api: TestSignet, token: string, reason: unknown): Promise<ApiResponse> => api.call('POST', `/signing/v1/${token}/reject`, { key: null, json: { reason } });
