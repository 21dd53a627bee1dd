import type { Capture } from './capture';

/** A builder session on a template: created (with its token), read back, refused on bad input, revoked. */
export async function captureBuilderSessions({ api, pdf }: Capture): Promise<void> {
  const template = await api.call('POST /api/v1/templates', 200, {
    form: { name: 'Order form', documents: { order: { name: 'order.pdf', base64: pdf.toString('base64') } }, recipients: { customer: { role: 'SIGNER' } } }
  });
  const created = await api.call('POST /api/v1/builder_sessions', 200, {
    json: { template_id: template.body.template.id, origins: ['https://app.example.com'], language: 'FR', lifetime_minutes: 30 }
  });
  const id = created.body.builder_session.id as string;
  await api.call('POST /api/v1/builder_sessions', 422, { json: { template_id: template.body.template.id, origins: ['https://app.example.com/orders'], lifetime_minutes: 90 } });
  await api.call('GET /api/v1/builder_sessions/:id', 200, { params: { id } });
  await api.call('DELETE /api/v1/builder_sessions/:id', 200, { params: { id } });
  await api.call('GET /api/v1/builder_sessions/:id', 404, { params: { id } });
}
