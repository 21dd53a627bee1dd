import { waitFor } from '@signet/testkit';
import type { Capture } from './capture';
import type { Json } from './recorder';

const at = (recipient_key: string, type: string, top: number, extra: Record<string, string> = {}) => ({
  document_key: 'lease', recipient_key, type, coordinates: { top: String(top), left: '72', page: '0' }, ...extra
});

/**
 * Fields and roles: a lease with a few fields for Dana, an approver, a witness of Dana, a viewer and a CC.
 * Dana uploads her ID for the ATTACHMENT field and signs with her values; the witness signs, the approver
 * approves, the viewer opens the link; the envelope completes.
 */
export async function captureFieldsAndRoles({ api, receiver, pdf }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: {
      name: 'Lease with fields',
      documents: { lease: { name: 'lease.pdf', base64: pdf.toString('base64') } },
      recipients: {
        dana: { name: 'Dana Ruiz', email: 'dana@example.com' },
        erin: { name: 'Erin Fox', email: 'erin@example.com', role: 'APPROVER' },
        finn: { name: 'Finn Hale', email: 'finn@example.com', role: 'WITNESS', witness_of: 'dana' },
        gia: { name: 'Gia Moss', email: 'gia@example.com', role: 'VIEWER' },
        hal: { name: 'Hal Ode', email: 'hal@example.com', role: 'CC' }
      },
      placements: {
        0: at('dana', 'SIGNATURE', 600), 1: at('dana', 'TEXT', 100, { name: 'company' }), 2: at('dana', 'NUMBER', 130, { name: 'rent', min: '0' }),
        3: at('dana', 'CHECKBOX', 160, { name: 'pets' }), 4: at('dana', 'DROPDOWN', 190, { name: 'term', options: '12 months,24 months' }),
        5: at('dana', 'SIGNING_DATE', 220, { name: 'signed_on' }), 6: at('dana', 'ATTACHMENT', 250, { name: 'id_document' }),
        7: at('erin', 'APPROVAL', 300), 8: at('finn', 'WITNESS', 450)
      }
    }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const tokenOf = async (key: string) => {
    const recipient = envelope.envelope_signers.find((signer: Json) => signer.custom_key === key);
    const link = await receiver.waitFor('recipient.link_generated', (data: Json) => data.id === recipient.id);
    return String(link.data.signing_url).split('/sign/')[1] as string;
  };
  const dana = await tokenOf('dana');
  const upload = await api.call('POST /signing/v1/:token/attachments', 201, { params: { token: dana }, file: { name: 'id.pdf', type: 'application/pdf', bytes: pdf } });
  const fields = { company: 'Acme Ltd', rent: 1200, pets: false, term: '12 months', id_document: upload.body.attachment.id };
  await api.call('POST /signing/v1/:token/fields/preview', 200, { params: { token: dana }, json: { fields: { company: 'Acme Ltd', pets: false, signed_on: null } } });
  const longName = 'Acme Holdings International Limited, trading as Acme Property Management Services and Acme Lettings, Registered Office Manchester';
  await api.call('POST /signing/v1/:token/fields/preview', 422, { params: { token: dana }, json: { fields: { company: longName } } });
  await api.call('POST /signing/v1/:token/sign', 422, { params: { token: dana }, json: { consent: true, signature: { type: 'WRITTEN', text: 'Dana Ruiz' }, fields: { ...fields, term: '36 months' } } });
  await api.call('POST /signing/v1/:token/sign', 200, { params: { token: dana }, json: { consent: true, signature: { type: 'WRITTEN', text: 'Dana Ruiz' }, fields } });
  await api.call('POST /signing/v1/:token/sign', 200, { params: { token: await tokenOf('finn') }, json: { consent: true, signature: { type: 'WRITTEN', text: 'Finn Hale' } } });
  await api.call('POST /signing/v1/:token/sign', 200, { params: { token: await tokenOf('erin') }, json: { consent: true } });
  await api.peek('GET /signing/v1/:token', { params: { token: await tokenOf('gia') } });
  await waitFor(async () => (await api.peek('GET /api/v1/envelopes/:id', { params: { id: envelope.id } })).body.envelope.status === 'SUCCESS', 120_000, 'the envelope with fields to complete');
  await receiver.waitFor('recipient.viewed');
}
