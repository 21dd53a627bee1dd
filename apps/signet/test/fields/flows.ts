import { randomBytes } from 'node:crypto';
import { samplePdf, waitFor } from '@signet/testkit';
import type { TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A placement at a spot on page `page` of the contract, for `recipient`. */
export const at = (index: number, recipient: string, type: string, top: number, page = 0, extra: Record<string, string> = {}): Record<string, string> => {
  const base = `placements[${index}]`;
  const fields: Record<string, string> = {
    [`${base}[document_key]`]: 'contract', [`${base}[recipient_key]`]: recipient, [`${base}[type]`]: type,
    [`${base}[coordinates][top]`]: String(top), [`${base}[coordinates][left]`]: '72', [`${base}[coordinates][page]`]: String(page)
  };
  for (const [name, value] of Object.entries(extra)) fields[`${base}[${name}]`] = value;
  return fields;
};

export interface CreatedEnvelope {
  id: string;
  /** Signing tokens by recipient key, from recipient.link_generated (a CC has none). */
  tokens: Record<string, string>;
  /** Each recipient's email by key. */
  emails: Record<string, string>;
}

/** Creates an envelope with these recipients (key: name and role fields) and placements, and sends it. */
export async function sentWithRoles(api: TestSignet, key: string, recipients: Record<string, Record<string, string>>, form: Record<string, string>): Promise<CreatedEnvelope> {
  const tag = randomBytes(4).toString('hex');
  const emails: Record<string, string> = {};
  const people: Record<string, string> = {};
  for (const [recipient, fields] of Object.entries(recipients)) {
    emails[recipient] = `${recipient}.${tag}@example.com`;
    people[`recipients[${recipient}][email]`] = emails[recipient] as string;
    for (const [name, value] of Object.entries(fields)) people[`recipients[${recipient}][${name}]`] = value;
  }
  const created = await api.call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': (await samplePdf({ pages: 2, text: 'Sign here: {{ana}}' })).toString('base64'),
      'documents[contract][name]': 'contract.pdf',
      ...people,
      ...form
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = (created.body.envelope as Body).id as string;
  const sent = await api.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key });
  if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
  const linked = Object.entries(recipients).filter(([, fields]) => fields.role !== 'CC').length;
  const links = await waitFor(() => {
    const found = api.events.filter((event) => event.key === id && event.event.event_type === 'recipient.link_generated');
    return found.length === linked && found;
  }, 20_000, 'recipient.link_generated for every recipient with a link');
  const tokens: Record<string, string> = {};
  for (const link of links) {
    const data = link.event.data as Body;
    tokens[data.custom_key] = String(data.signing_url).split('/sign/')[1] as string;
  }
  return { id, tokens, emails };
}

/** POST /signing/v1/:token/attachments with one file, as a browser's FormData sends it. */
export async function uploadAttachment(api: TestSignet, token: string, bytes: Uint8Array, name: string, type: string): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${api.url}/signing/v1/${token}/attachments`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Body };
}
