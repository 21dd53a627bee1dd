import { unwrap } from './errors';
import type { operations } from './generated/openapi';
import { signingTokenOf, type MethodContext } from './methods';

type JsonBody<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type IdentityCheckName = JsonBody<'resetRecipientIdentity'>['check'];
export type IdentityAssertion = JsonBody<'assertRecipientIdentity'>;

/** An image as the API takes it: base64 (bytes are encoded here, in chunks, without Node's Buffer). */
function base64(image: Uint8Array | string): string {
  if (typeof image === 'string') return image;
  let binary = '';
  for (let at = 0; at < image.length; at += 0x8000) binary += String.fromCharCode(...image.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * `client.identity`: a recipient's ID document and selfie checks. The sender's side (the record, resets,
 * manual passes, assertions, erasure) with the API key; the signer's side (consent, document, selfie, a
 * provider session) with the signing link, for a signer page of your own.
 */
export function identityMethods({ api }: MethodContext) {
  const noKey = { Authorization: null } as unknown as Record<string, string>;
  const recipient = (envelopeId: string, recipientId: string) => ({ path: { envelope_id: envelopeId, recipient_id: recipientId } });
  const token = (signingUrlOrToken: string) => ({ path: { token: signingTokenOf(signingUrlOrToken) } });
  return {
    identity: {
      /** Consent and both checks, with every attempt's outcome, reasons, scores and image hashes (never an image). */
      async get(envelopeId: string, recipientId: string) {
        return unwrap(await api.GET('/api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/identity', { params: recipient(envelopeId, recipientId) }));
      },
      /** The check's attempts start again (after a lock). */
      async reset(envelopeId: string, recipientId: string, check: IdentityCheckName) {
        return unwrap(await api.POST('/api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/identity/reset', { params: recipient(envelopeId, recipientId), body: { check } }));
      },
      /** Passes a check by hand; the reason and your key are recorded. */
      async approve(envelopeId: string, recipientId: string, check: IdentityCheckName, reason: string) {
        return unwrap(await api.POST('/api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/identity/approve', { params: recipient(envelopeId, recipientId), body: { check, reason } }));
      },
      /** Before sending: you verified this person yourself (`{provider, reference, level, verified_at}`). */
      async assert(envelopeId: string, recipientId: string, assertion: IdentityAssertion) {
        return unwrap(await api.POST('/api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/identity/assertion', { params: recipient(envelopeId, recipientId), body: assertion }));
      },
      /** Erases the recipient's identity images now; outcomes and hashes stay. */
      async redact(envelopeId: string, recipientId: string) {
        return unwrap(await api.POST('/api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/identity/redact', { params: recipient(envelopeId, recipientId) }));
      },
      /** The signer's answer to the consent text of `version` (the session's `validation.identity_consent.version`); `false` rejects the envelope. */
      async consent(signingUrlOrToken: string, consent: boolean, version: string) {
        return unwrap(await api.POST('/signing/v1/{token}/identity/consent', { params: token(signingUrlOrToken), body: { consent, version }, headers: noKey }));
      },
      /** A photo of the identity document (JPEG, PNG or WebP bytes, or base64). */
      async submitDocument(signingUrlOrToken: string, image: Uint8Array | string) {
        return unwrap(await api.POST('/signing/v1/{token}/identity/document', { params: token(signingUrlOrToken), body: { image: base64(image) }, headers: noKey }));
      },
      /** Starts the selfie step: the movement the second frame must show. */
      async selfieChallenge(signingUrlOrToken: string) {
        return unwrap(await api.POST('/signing/v1/{token}/identity/selfie/challenge', { params: token(signingUrlOrToken), headers: noKey }));
      },
      /** The two selfie frames: facing the camera, then doing the challenge. */
      async submitSelfie(signingUrlOrToken: string, frames: { neutral: Uint8Array | string; challenge: Uint8Array | string }) {
        return unwrap(await api.POST('/signing/v1/{token}/identity/selfie', { params: token(signingUrlOrToken), body: { neutral: base64(frames.neutral), challenge: base64(frames.challenge) }, headers: noKey }));
      },
      /** A hosted provider's session (provider stripe): send the signer to its `url`. */
      async openSession(signingUrlOrToken: string) {
        return unwrap(await api.POST('/signing/v1/{token}/identity/session', { params: token(signingUrlOrToken), headers: noKey }));
      }
    }
  };
}
