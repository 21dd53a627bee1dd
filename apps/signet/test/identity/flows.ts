import { randomBytes } from 'node:crypto';
import { makePassport, makeSelfie, portraitImages, type PassportFields } from '@signet/identity/testing';
import { samplePdf, waitFor } from '@signet/testkit';
import type { ApiResponse, TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The recipient the test passports are made out to: Eileen Collins, whose public-domain portrait they carry. */
export const HOLDER = { name: 'Eileen Marie Collins', surname: 'Collins', givenNames: 'Eileen Marie' };

/** Identity checks on, before the documents (order 0), with the other settings given. */
export const IDENTITY_SETTINGS: Record<string, string> = {
  'settings[validations][id_check][enabled]': 'TRUE',
  'settings[validations][biometric][enabled]': 'TRUE',
  'settings[emails][envelope_invitation]': 'FALSE'
};

export interface IdentityEnvelope {
  id: string;
  recipientId: string;
  token: string;
}

/** An envelope for Eileen Collins (an address no other test uses) with the identity settings, sent unless asked not to be. */
export async function identityEnvelope(api: TestSignet, key: string, form: Record<string, string> = IDENTITY_SETTINGS, options: { send?: boolean; name?: string } = {}): Promise<IdentityEnvelope> {
  const tag = randomBytes(4).toString('hex');
  const created = await api.call('POST', '/api/v1/envelopes', {
    key,
    form: {
      'documents[contract][base64]': (await samplePdf({ text: 'Sign here: {{eileen}}' })).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[eileen][email]': `eileen.${tag}@example.com`, 'recipients[eileen][name]': options.name ?? HOLDER.name,
      'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'eileen', 'placements[0][token]': '{{eileen}}',
      ...form
    }
  });
  if (created.status !== 200) throw new Error(`envelope creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const envelope = created.body.envelope as Body;
  const recipientId = envelope.envelope_signers[0].id as string;
  if (options.send === false) return { id: envelope.id, recipientId, token: '' };
  const sent = await api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key });
  if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const link = await waitFor(() => api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.link_generated'), 20_000, 'recipient.link_generated');
  return { id: envelope.id, recipientId, token: String((link.event.data as Body).signing_url).split('/sign/')[1] as string };
}

export const identityPath = (envelope: IdentityEnvelope) => `/api/v1/envelopes/${envelope.id}/recipients/${envelope.recipientId}/identity`;

export const signer = (api: TestSignet, token: string, step: string, json?: unknown): Promise<ApiResponse> =>
  api.call('POST', `/signing/v1/${token}/identity/${step}`, { key: null, ...(json === undefined ? {} : { json }) });

export async function consent(api: TestSignet, token: string): Promise<ApiResponse> {
  const session = await api.call('GET', `/signing/v1/${token}`, { key: null });
  return signer(api, token, 'consent', { consent: true, version: (session.body.validation as Body).identity_consent.version });
}

/** A passport of Eileen Collins, valid for years, with her portrait; `changes` make it wrong. */
export async function passport(changes: Partial<PassportFields> = {}): Promise<Buffer> {
  const faces = await portraitImages();
  return makePassport({
    surname: HOLDER.surname, givenNames: HOLDER.givenNames, number: 'X4RT7Q21K', country: 'FRA', birth: '1956-11-19', expiry: '2034-05-31', sex: 'F',
    portrait: faces.astronaut.portrait, ...changes
  });
}

export const base64 = (image: Buffer) => image.toString('base64');

/** The two selfie frames of `face`, the second tilted the way the challenge asks. */
export async function selfieFrames(challenge: string, face: 'astronaut' | 'camera' = 'astronaut', degrees = 18): Promise<{ neutral: string; challenge: string }> {
  const faces = await portraitImages();
  const portrait = faces[face].portrait;
  const tilt = challenge === 'TILT_LEFT' ? degrees : -degrees;
  return { neutral: base64(await makeSelfie(portrait)), challenge: base64(await makeSelfie(portrait, { tilt })) };
}

/** The selfie step: a challenge, then the frames of `face` answering it. */
export async function selfie(api: TestSignet, token: string, face: 'astronaut' | 'camera' = 'astronaut'): Promise<ApiResponse> {
  const challenged = await signer(api, token, 'selfie/challenge');
  if (challenged.status !== 200) throw new Error(`selfie/challenge answered ${challenged.status}: ${JSON.stringify(challenged.body)}`);
  return signer(api, token, 'selfie', await selfieFrames(String(challenged.body.challenge), face));
}
