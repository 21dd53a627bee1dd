import { Webhook } from 'standardwebhooks';
import { samplePdf } from '@signet/testkit';
import type { ApiResponse } from '../harness';
import type { Delivered } from './receiver';

type Call = (method: string, path: string, options?: { key?: string | null; json?: unknown; form?: Record<string, string> }) => Promise<ApiResponse>;
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Creates an envelope with two signers and sends it: the API calls that make envelope and recipient events. */
export async function createAndSendEnvelope(call: Call, key: string): Promise<string> {
  const pdf = await samplePdf();
  const created = await call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': pdf.toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima',
      'recipients[ben][email]': 'ben@example.com', 'recipients[ben][name]': 'Ben Ode'
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = (created.body.envelope as Body).id as string;
  const sent = await call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key });
  if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
  return id;
}

/** Creates a webhook and returns its id and its signing secret (shown only now). */
export async function createWebhook(call: Call, key: string, json: Body): Promise<{ id: string; secret: string }> {
  const response = await call('POST', '/api/v1/webhooks', { key, json });
  if (response.status !== 200) throw new Error(`webhook creation answered ${response.status}: ${JSON.stringify(response.body)}`);
  const webhook = response.body.webhook as Body;
  return { id: webhook.id, secret: webhook.signing_secret };
}

/** Verifies a delivery with the Standard Webhooks reference library; throws if the signature does not hold. */
export function verifySignature(secret: string, delivered: Delivered): unknown {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivered.headers[name])]));
  return new Webhook(secret).verify(delivered.body, headers);
}
