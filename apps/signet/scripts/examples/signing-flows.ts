import { waitFor } from '@signet/testkit';
import type { Capture } from './capture';
import type { SentEnvelope } from './envelope-flows';
import { codeIn, headerOf, waitForMail } from './mailbox';
import type { Json } from './recorder';

/** A recipient's signing token: the end of the `signing_url` that recipient.link_generated delivers. */
async function signingToken({ receiver }: Capture, envelopeId: string, recipientId: string): Promise<string> {
  const link = await receiver.waitFor('recipient.link_generated', (data: Json) => data.envelope_id === envelopeId && data.id === recipientId);
  return String(link.data.signing_url).split('/sign/')[1] as string;
}

/**
 * The signing API: Ben (verified through the API) opens his session, downloads the document and signs;
 * Ana verifies her code on the signer side and signs. The envelope completes.
 */
export async function captureSigning(capture: Capture, envelope: SentEnvelope): Promise<void> {
  const { api, baseUrl } = capture;
  const ben = await signingToken(capture, envelope.id, envelope.recipients.ben as string);
  const session = (await api.call('GET /signing/v1/:token', 200, { params: { token: ben } })).body;
  await api.call('GET /signing/v1/:token', 404, { params: { token: 'sgn_unknown_link' } });
  await api.call('GET /signing/v1/:token/documents/:document_id', 200, { params: { token: ben, document_id: session.documents[0].id } });
  await api.call('GET /sign/:token', 200, { params: { token: ben } });
  await api.call('POST /signing/v1/:token/sign', 422, { params: { token: ben }, json: { consent: false, signature: { type: 'WRITTEN', text: 'Ben Ode' } } });
  await api.call('POST /signing/v1/:token/sign', 200, { params: { token: ben }, json: { consent: true, signature: { type: 'WRITTEN', text: 'Ben Ode' } } });

  const ana = await signingToken(capture, envelope.id, envelope.recipients.ana as string);
  await api.call('POST /signing/v1/:token/validation/send_code', 200, { params: { token: ana }, json: { channel: 'email' } });
  const code = codeIn(await waitForMail(baseUrl, (mail) => mail.to === 'ana@example.com' && mail.subject.startsWith('Your verification code')));
  await api.call('POST /signing/v1/:token/validation/verify_code', 200, { params: { token: ana }, json: { code } });
  await api.call('POST /signing/v1/:token/sign', 200, { params: { token: ana }, json: { consent: true, signature: { type: 'WRITTEN', text: 'Ana Lima' } } });
  await waitFor(async () => (await api.peek('GET /api/v1/envelopes/:id', { params: { id: envelope.id } })).body.envelope.status === 'SUCCESS', 120_000, 'the envelope to complete');
}

/** The completed envelope's evidence sheet and timeline, the seal's certificates and CRL, and a report on the signed PDF. */
export async function captureSealAndEvidence({ api }: Capture, envelope: SentEnvelope): Promise<void> {
  // The evidence part learns of the completion by event, a moment after the envelope part.
  await waitFor(async () => (await api.peek('GET /api/v1/envelopes/:id/evidence', { params: { id: envelope.id } })).status === 200, 60_000, 'the evidence sheet');
  await api.call('GET /api/v1/envelopes/:id/evidence', 200, { params: { id: envelope.id } });
  await api.call('GET /api/v1/envelopes/:id/timeline', 200, { params: { id: envelope.id } });
  const certificates = (await api.call('GET /api/v1/seal/certificates', 200)).body;
  if (certificates.crl_url) await api.call('GET /pki/signet-dev-ca.crl', 200);
  const signed = (await api.peek('GET /api/v1/envelopes/:id', { params: { id: envelope.id } })).body.envelope.documents[0];
  const pdf = Buffer.from(await (await fetch(signed.url as string)).arrayBuffer());
  await api.call('POST /api/v1/signature-reports', 200, { pdf });
}

/** Cleo's invitation is opened, its link followed and its bounce reported; then Cleo declines to sign. */
export async function captureTrackingAndReject(capture: Capture): Promise<void> {
  const { api, baseUrl, pdf } = capture;
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: { name: 'Lease renewal', documents: { lease: { name: 'lease.pdf', base64: pdf.toString('base64') } }, recipients: { cleo: { name: 'Cleo Park', email: 'cleo@example.com' } } }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const invitation = await waitForMail(baseUrl, (mail) => mail.to === 'cleo@example.com' && mail.subject.includes('to sign'));
  const pixel = /\/email\/v1\/pixels\/([^"'\s]+)/.exec(invitation.html)?.[1] as string;
  const link = /\/email\/v1\/links\/([^"'\s]+)/.exec(invitation.html)?.[1] as string;
  await api.call('GET /email/v1/pixels/:token', 200, { params: { token: pixel } });
  await api.call('GET /email/v1/links/:token', 302, { params: { token: link } });
  await api.call('GET /email/v1/links/:token', 404, { params: { token: 'not-a-link' } });
  await api.call('POST /email/v1/bounces', 200, { json: { bounce_token: headerOf(invitation, 'X-Signet-Bounce') } });
  const token = await signingToken(capture, envelope.id, envelope.envelope_signers[0].id);
  await api.call('POST /signing/v1/:token/reject', 200, { params: { token }, json: { reason: 'The start date in clause 2 is wrong' } });
}
