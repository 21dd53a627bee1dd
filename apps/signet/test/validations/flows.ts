import { randomBytes } from 'node:crypto';
import { callInternal } from '@signet/http';
import { type ReceivedMail, samplePdf } from '@signet/testkit';
import { INTERNAL_SECRET, TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Signer {
  id: string;
  name: string;
  email: string;
}

export interface TestEnvelope {
  id: string;
  signers: Signer[];
}

/**
 * An envelope with email validation on (unless `settings` say otherwise), two signers with addresses no
 * other test uses, sent unless asked not to be. `form` adds or overrides fields, e.g. settings.
 */
export async function envelopeWithValidation(api: TestSignet, key: string, form: Record<string, string> = {}, options: { send?: boolean } = {}): Promise<TestEnvelope> {
  const tag = randomBytes(4).toString('hex');
  const created = await api.call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': `ana.${tag}@example.com`, 'recipients[ana][name]': 'Ana Lima',
      'recipients[ben][email]': `ben.${tag}@example.com`, 'recipients[ben][name]': 'Ben Ode',
      'settings[validations][email][enabled]': 'TRUE',
      // These tests read the code emails; the invitations would only be in the way.
      'settings[emails][envelope_invitation]': 'FALSE',
      ...form
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const envelope = created.body.envelope as Body;
  if (options.send !== false) {
    const sent = await api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key });
    if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
  }
  return { id: envelope.id, signers: envelope.envelope_signers.map(({ id, name, email }: Body) => ({ id, name, email })) };
}

export const validationsPath = (envelopeId: string, recipientId: string) => `/api/v1/envelopes/${envelopeId}/recipients/${recipientId}/validations`;

export const sendCode = (api: TestSignet, key: string, envelopeId: string, recipientId: string) =>
  api.call('POST', `${validationsPath(envelopeId, recipientId)}/send_code`, { key });

export const verifyCode = (api: TestSignet, key: string, envelopeId: string, recipientId: string, code: unknown) =>
  api.call('POST', `${validationsPath(envelopeId, recipientId)}/verify_code`, { key, json: { code } });

/** The code in a validation email: the default templates give it a line of its own. */
export function codeIn(mail: ReceivedMail): string {
  const match = /^([0-9]{6})$/m.exec(mail.text);
  if (!match) throw new Error(`no code in the mail: ${mail.text}`);
  return match[1] as string;
}

/** A code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks the recipient's validation gate, as the signing flow does: a signed internal call in the tenant's name. */
export function gate(api: TestSignet, tenantId: string, envelopeId: string, recipientId: string): Promise<Body> {
  return callInternal<Body>({
    baseUrl: api.signet.urls.get('envelope') as string,
    method: 'GET',
    path: `/internal/envelopes/${envelopeId}/recipients/${recipientId}/validation`,
    context: { tenantId, apiKeyId: 'signing-flow', plan: 'enterprise', requestId: `req_gate_${randomBytes(4).toString('hex')}` },
    secret: INTERNAL_SECRET
  });
}
