// Templates: listed a page at a time, made into an envelope (its recipients named in the dialog), or
// opened in the embeddable editor.

import { element } from '/components/dom.js';
import { confirmAction } from './confirm.js';
import { hrefOf } from './router.js';
import { button, link, table, when } from './view.js';

async function useTemplate(context, summary) {
  const { api, say, report } = context;
  try {
    const { template } = await api.get(`/api/v1/templates/${summary.id}`);
    const inputs = [{ name: 'name', label: say('console.templates.envelopeName'), required: true, maxlength: 255, value: template.name }];
    for (const recipient of template.recipients) {
      inputs.push({ name: `${recipient.key}.name`, label: say('console.templates.recipientName', { key: recipient.key }), required: true, maxlength: 255, value: recipient.name ?? '' });
      inputs.push({ name: `${recipient.key}.email`, label: say('console.templates.recipientEmail', { key: recipient.key }), type: 'email', required: true, maxlength: 254, value: recipient.email ?? '' });
    }
    const answer = await confirmAction(say, { title: say('console.templates.use'), text: say('console.templates.use.confirm', { name: template.name }), confirm: say('console.templates.use'), inputs });
    if (!answer) return;
    const recipients = Object.fromEntries(template.recipients.map((recipient) => [recipient.key, { name: answer[`${recipient.key}.name`], email: answer[`${recipient.key}.email`] }]));
    const { envelope } = await api.post(`/api/v1/templates/${template.id}/envelopes`, { name: answer.name, recipients });
    report.ok(say('console.templates.used', { name: envelope.name }));
    report.region.append(link(hrefOf(['envelopes', envelope.id]), say('console.templates.openEnvelope')));
    report.region.focus();
  } catch (error) {
    report.failed(error);
  }
}

export async function showTemplates(context, route) {
  const { api, say, format } = context;
  const cursor = route.query.get('cursor');
  const { templates, next_cursor: nextCursor } = await api.get(`/api/v1/templates?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  const list = table(say('console.nav.templates'), [
    { label: say('console.envelopes.name'), cell: (template) => template.name },
    { label: say('console.templates.updated'), cell: (template) => when(format, template.updated_at) },
    { label: say('console.envelope.actions'), cell: (template) => element('div', { class: 'buttons' },
      button(say('console.templates.use'), () => useTemplate(context, template)),
      link(hrefOf(['builder'], { template: template.id }), say('console.openInBuilder'))) }
  ], templates, say('console.templates.none'));
  const paging = element('div', { class: 'buttons paging' },
    cursor ? link(hrefOf(['templates']), say('console.firstPage')) : null,
    nextCursor ? link(hrefOf(['templates'], { cursor: nextCursor }), say('console.nextPage')) : null);
  context.render(say('console.nav.templates'), context.report.region, list, paging);
}
