import { pdftotext } from '@signet/testkit';
import type { Capture } from './capture';
import type { Json } from './recorder';

/**
 * Consumer consent (signature_flow.consumer_consent): Ivy's documents are refused until she consents; she
 * opens the consent document, mistypes its code, then consents with it. Jay withdraws (and so declines).
 */
export async function captureConsumerConsent({ api, receiver, baseUrl, pdf }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: {
      name: 'Consumer loan agreement',
      documents: { loan: { name: 'loan.pdf', base64: pdf.toString('base64') } },
      recipients: { ivy: { name: 'Ivy Chen', email: 'ivy@example.com' }, jay: { name: 'Jay Park', email: 'jay@example.com' } },
      settings: { signature_flow: { consumer_consent: 'TRUE' }, branding: { name: 'Acme Lending', reply_to: 'loans@acme.example' } }
    }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const tokenOf = async (key: string) => {
    const recipient = envelope.envelope_signers.find((signer: Json) => signer.custom_key === key);
    const link = await receiver.waitFor('recipient.link_generated', (data: Json) => data.id === recipient.id);
    return String(link.data.signing_url).split('/sign/')[1] as string;
  };
  const ivy = await tokenOf('ivy');
  const session = (await api.peek('GET /signing/v1/:token', { params: { token: ivy } })).body;
  const [document] = (await api.peek('GET /api/v1/envelopes/:id', { params: { id: envelope.id } })).body.envelope.documents;
  await api.call('GET /signing/v1/:token/documents/:document_id', 403, { params: { token: ivy, document_id: document.id } });
  await api.call('GET /signing/v1/:token/consent/document', 200, { params: { token: ivy } });
  // The code as the recipient reads it off the PDF.
  const consentPdf = new Uint8Array(await (await fetch(`${baseUrl}/signing/v1/${ivy}/consent/document`)).arrayBuffer());
  const code = /Your code: ([A-Z0-9]{6})/.exec(pdftotext(consentPdf))?.[1] as string;
  const version = session.consumer_consent.version;
  await api.call('POST /signing/v1/:token/consent', 422, { params: { token: ivy }, json: { code: 'ABC123', disclosure_version: version } });
  await api.call('POST /signing/v1/:token/consent', 200, { params: { token: ivy }, json: { code, disclosure_version: version } });
  await api.call('POST /signing/v1/:token/consent/withdraw', 200, { params: { token: await tokenOf('jay') } });
  await receiver.waitFor('recipient.consent_withdrawn', (data: Json) => data.envelope_id === envelope.id);
}
