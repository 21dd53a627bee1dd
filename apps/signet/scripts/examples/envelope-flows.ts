import { waitFor } from '@signet/testkit';
import type { Capture } from './capture';
import { codeIn, waitForMail } from './mailbox';

export interface SentEnvelope {
  id: string;
  /** Recipient ids by their keys. */
  recipients: Record<string, string>;
}

/** The quickstart's envelope: Ben signs at the text {{ben}}, Ana at coordinates; both verify an emailed code first. */
const servicesAgreement = (pdf: Buffer) => ({
  name: 'Services agreement',
  documents: { contract: { name: 'sample-contract.pdf', base64: pdf.toString('base64') } },
  recipients: { ben: { name: 'Ben Ode', email: 'ben@example.com' }, ana: { name: 'Ana Lima', email: 'ana@example.com' } },
  placements: {
    0: { document_key: 'contract', recipient_key: 'ben', token: '{{ben}}' },
    1: { document_key: 'contract', recipient_key: 'ana', coordinates: { page: '0', top: '620', left: '320' } }
  },
  metadata: { crm_id: 'opp-1042' },
  settings: { validations: { email: { enabled: 'TRUE' } } }
});

/** Create (and a refused create), update, an upload by URL, reads and a filtered list. */
export async function captureEnvelope({ api, pdf }: Capture): Promise<SentEnvelope> {
  await api.call('POST /api/v1/envelopes', 422, { form: { recipients: { ben: { name: 'Ben Ode', email: 'ben(at)example.com' } } } });
  const created = await api.call('POST /api/v1/envelopes', 200, { form: servicesAgreement(pdf) });
  const id = created.body.envelope.id as string;
  await api.call('PUT /api/v1/envelopes/:id', 200, { params: { id }, form: { name: 'Services agreement 2026', metadata: { region: 'emea' } } });

  const upload = (await api.call('POST /api/v1/envelopes/:envelope_id/uploads', 200, { params: { envelope_id: id }, json: { file_name: 'annex.pdf', order: 1, custom_key: 'annex' } })).body.upload;
  await api.call('PUT /api/v1/uploads/:token', 200, { params: { token: String(upload.upload_url).split('/uploads/')[1] as string }, pdf });
  await waitFor(async () => (await api.peek('GET /api/v1/envelopes/:id', { params: { id } })).body.envelope.documents.length === 2, 60_000, 'the upload to join the envelope');
  await api.call('GET /api/v1/envelopes/:envelope_id/uploads/:id', 200, { params: { envelope_id: id, id: upload.id } });
  await api.call('GET /api/v1/envelopes/:envelope_id/uploads', 200, { params: { envelope_id: id } });

  const envelope = (await api.call('GET /api/v1/envelopes/:id', 200, { params: { id } })).body.envelope;
  await api.call('GET /api/v1/envelopes/:id', 404, { params: { id: '0195f4b2-6d1e-7c4a-9a51-3c2f0e8b1d27' } });
  await api.call('GET /api/v1/envelopes', 200, { query: { status: 'CREATED,IN_PROGRESS', metadata: { crm_id: 'opp-1042' }, limit: '10' } });
  await api.call('GET /api/v1/envelopes', 422, { query: { status: 'SIGNED' } });
  const recipients = Object.fromEntries((envelope.envelope_signers as Array<{ custom_key: string; id: string }>).map((signer) => [signer.custom_key, signer.id]));
  return { id, recipients };
}

/** Sending, then Ben's email code through the API: sent, asked again too soon, a wrong code, the right one. */
export async function captureSendAndValidation({ api, baseUrl }: Capture, envelope: SentEnvelope): Promise<void> {
  await api.call('GET /api/v1/envelopes/:id/evidence', 409, { params: { id: envelope.id } });
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const params = { envelope_id: envelope.id, recipient_id: envelope.recipients.ben as string };
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code', 200, { params, json: { channel: 'email' } });
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code', 429, { params, json: { channel: 'email' } });
  const code = codeIn(await waitForMail(baseUrl, (mail) => mail.to === 'ben@example.com' && mail.subject.startsWith('Your verification code')));
  const wrong = code === '000000' ? '111111' : '000000';
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code', 422, { params, json: { code: wrong } });
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code', 200, { params, json: { code } });
}

/** An envelope created, sent and voided with a reason; sending it again is refused. */
export async function captureVoid({ api, pdf }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: { name: 'Quote 88', documents: { quote: { name: 'quote.pdf', base64: pdf.toString('base64') } }, recipients: { eve: { name: 'Eve Adler', email: 'eve@example.com' } } }
  });
  const id = created.body.envelope.id as string;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id } });
  const link = { id, recipient_id: created.body.envelope.envelope_signers[0].id as string };
  await api.call('POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url', 200, { params: link, json: { rotate: true } });
  await api.call('PUT /api/v1/envelopes/:id/void', 200, { params: { id }, json: { reason: 'Replaced by the corrected quote 89' } });
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 409, { params: { id } });
  await api.call('POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url', 409, { params: link });
}

/** A batch of two envelopes created in the background, read once it is done, and the list of batches. */
export async function captureBatch({ api }: Capture): Promise<void> {
  const items = ['Dana Ruiz', 'Femi Okoro'].map((name, index) => ({
    name: `Onboarding pack ${index + 1}`,
    recipients: { signer: { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com` } }
  }));
  const batch = (await api.call('POST /api/v1/batches', 202, { json: { operation: 'create', items } })).body.batch;
  await waitFor(async () => (await api.peek('GET /api/v1/batches/:id', { params: { id: batch.id } })).body.batch.status === 'COMPLETED', 60_000, 'the batch');
  await api.call('GET /api/v1/batches/:id', 200, { params: { id: batch.id } });
  await api.call('GET /api/v1/batches', 200, { query: { limit: '10' } });
}

/**
 * How a code ends other than verified, last because it moves the clock: one expires (31 minutes later),
 * the next is spent by three wrong attempts.
 */
export async function captureCodeEndings(capture: Capture): Promise<void> {
  const { api, pdf } = capture;
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: {
      name: 'Loan agreement', documents: { loan: { name: 'loan.pdf', base64: pdf.toString('base64') } },
      recipients: { gus: { name: 'Gus Moreau', email: 'gus@example.com' } }, settings: { validations: { email: { enabled: 'TRUE' } } }
    }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const params = { envelope_id: envelope.id, recipient_id: envelope.envelope_signers[0].id };
  const sendCode = () => api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code', 200, { params });
  const verify = (code: string) => api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code', 422, { params, json: { code } });
  await sendCode();
  await capture.advanceClock(31 * 60_000);
  await verify('000000');
  await sendCode();
  for (const code of ['000000', '111111', '222222']) await verify(code);
}
