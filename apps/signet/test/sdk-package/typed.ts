// Type-checked with `tsc --noEmit` against the installed package's declarations (never run).
import { createSignetClient, SignetError, verifyWebhook, type Envelope, type EventOf } from '@signet/sdk';

export async function firstHour(secret: string, rawBody: string, headers: Record<string, string>): Promise<string> {
  const signet = createSignetClient({ baseUrl: 'http://localhost:3000', apiKey: 'sgn_dev' });
  const created = await signet.createEnvelope({ recipients: { ana: { name: 'Ana Lima', email: 'ana@example.com' } } });
  await signet.sendEnvelope(created.id);
  const envelope: Envelope = await signet.getEnvelope(created.id);
  const link: string = await signet.getSigningUrl(envelope.id, envelope.envelope_signers[0]!.id, { rotate: true });
  await signet.sign(link, { consent: true, signature: { type: 'WRITTEN', text: 'Ana Lima' } });
  const pdf: Uint8Array = await signet.downloadSignedDocument(envelope.id);
  const evidence: Uint8Array = await signet.downloadEvidence(envelope.id);
  const rotated = await signet.rotateWebhookSecret('webhook-id');
  const expires: string = rotated.previous_secret_expires_at;
  const event = verifyWebhook(rotated.signing_secret || secret, rawBody, headers);
  if (event.event_type === 'envelope.success') {
    const success: EventOf<'envelope.success'> = event;
    return `${success.data.id} ${pdf.length} ${evidence.length} ${expires}`;
  }
  try {
    await signet.voidEnvelope(envelope.id);
  } catch (error) {
    if (error instanceof SignetError) return error.code;
  }
  return event.event_type;
}
