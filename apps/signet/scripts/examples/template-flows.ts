import type { Capture } from './capture';

/** A template with a placeholder buyer and a read-only field: read, listed, used (and a refused use), changed, deleted. */
export async function captureTemplates({ api, pdf }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/templates', 200, {
    form: {
      name: 'Mutual NDA',
      documents: { nda: { name: 'nda.pdf', base64: pdf.toString('base64') } },
      recipients: { buyer: { role: 'SIGNER' }, seller: { name: 'Acme Legal', email: 'legal@acme.example' } },
      placements: {
        0: { document_key: 'nda', recipient_key: 'buyer', token: '{{ben}}' },
        1: { document_key: 'nda', recipient_key: 'buyer', type: 'TEXT', name: 'company', readonly: 'TRUE', coordinates: { page: '0', top: '120', left: '72' } }
      },
      metadata: { kind: 'nda' }
    }
  });
  const id = created.body.template.id as string;
  await api.call('GET /api/v1/templates', 200, { query: { q: 'nda' } });
  await api.call('GET /api/v1/templates/:id', 200, { params: { id } });
  await api.call('POST /api/v1/templates/:id/envelopes', 200, {
    params: { id }, json: { recipients: { buyer: { email: 'hana@example.com', name: 'Hana Sato' } }, fields: { company: 'Sato KK' }, metadata: { crm_id: 'opp-7' } }
  });
  await api.call('POST /api/v1/templates/:id/envelopes', 422, { params: { id }, json: { recipients: { agent: { email: 'ivo@example.com', name: 'Ivo Petrov' } } } });
  await api.call('PUT /api/v1/templates/:id', 200, { params: { id }, json: { name: 'Mutual NDA (2027)' } });
  await api.call('DELETE /api/v1/templates/:id', 200, { params: { id } });
  await api.call('GET /api/v1/templates/:id', 404, { params: { id } });
}
