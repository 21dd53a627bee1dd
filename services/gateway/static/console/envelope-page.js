// One envelope: its recipients and their gates, field values, documents, timeline, and every action the
// API allows on it now, each confirmed first and reported with the API's own answer.

import { element } from '/components/dom.js';
import { confirmed } from './confirm.js';
import { hrefOf } from './router.js';
import { badge, button, facts, link, raw, table, when } from './view.js';

/** A message when the catalogue has one, else the API's own word (an event or gate Signet added later). */
function sayOr(say, key, fallback) {
  const text = say(key);
  return text === key ? fallback : text;
}

function metadataList(metadata) {
  const entries = Object.entries(metadata);
  return entries.length === 0 ? null : element('ul', { class: 'plain' }, ...entries.map(([key, value]) => element('li', {}, `${key}: ${value}`)));
}

function gatesOf(say, signer) {
  const checks = Object.entries(signer.identity ?? {}).filter(([, check]) => check);
  return checks.map(([kind, check]) => `${sayOr(say, `console.identity.${kind}`, kind)}: ${check.status}`).join(', ');
}

function fieldValue(field) {
  if (field.value === null) return '';
  if (typeof field.value === 'object') return field.value.name;
  return String(field.value);
}

/** A confirmed action on the envelope; the page is shown again with what changed unless `reload` is false. */
async function act(context, envelopeId, spec) {
  const result = await confirmed(context, spec);
  if (result === null || spec.reload === false) return;
  await showEnvelope(context, { segments: ['envelopes', envelopeId] }, context.report.region);
  context.report.region.focus();
}

function recipientActions(context, envelope, signer) {
  const { say, api } = context;
  const base = `/api/v1/envelopes/${envelope.id}/recipients/${signer.id}`;
  const buttons = [];
  if (envelope.status === 'IN_PROGRESS' && signer.status === 'IN_PROGRESS') {
    buttons.push(button(say('console.envelope.remind'), () => act(context, envelope.id, {
      title: say('console.envelope.remind'), text: say('console.envelope.remind.confirm', { name: signer.name }), confirm: say('console.envelope.remind'),
      call: () => api.post(`${base}/remind`), done: () => say('console.envelope.remind.done', { name: signer.name })
    })));
  }
  if (envelope.status === 'IN_PROGRESS' && ['PENDING', 'IN_PROGRESS'].includes(signer.status)) {
    buttons.push(button(say('console.envelope.newLink'), () => act(context, envelope.id, {
      title: say('console.envelope.newLink'), text: say('console.envelope.newLink.confirm', { name: signer.name }), confirm: say('console.envelope.newLink'),
      call: () => api.post(`/api/v1/envelopes/${envelope.id}/recipients/${signer.id}/signing_url`, { rotate: true }),
      done: () => say('console.envelope.newLink.done', { name: signer.name }), shown: (result) => raw(result.signing_url), reload: false
    })));
  }
  if (signer.identity && Object.values(signer.identity).some((check) => check)) {
    buttons.push(button(say('console.envelope.resetIdentity'), () => act(context, envelope.id, {
      title: say('console.envelope.resetIdentity'), text: say('console.envelope.resetIdentity.confirm', { name: signer.name }), confirm: say('console.envelope.resetIdentity'),
      call: () => api.post(`${base}/identity/reset`), done: () => say('console.envelope.resetIdentity.done', { name: signer.name })
    })));
  }
  return element('div', { class: 'buttons' }, ...buttons);
}

function envelopeActions(context, envelope) {
  const { say, api } = context;
  const path = `/api/v1/envelopes/${envelope.id}`;
  const buttons = [];
  if (envelope.status === 'CREATED') {
    buttons.push(button(say('console.envelope.send'), () => act(context, envelope.id, {
      title: say('console.envelope.send'), text: say('console.envelope.send.confirm', { name: envelope.name }), confirm: say('console.envelope.send'),
      call: () => api.post(`${path}/send_invitation`), done: () => say('console.envelope.send.done')
    }), 'primary'));
    buttons.push(link(hrefOf(['builder'], { envelope: envelope.id }), say('console.openInBuilder')));
  }
  if (['IN_PROGRESS', 'EXPIRED'].includes(envelope.status)) {
    buttons.push(button(say('console.envelope.extend'), () => act(context, envelope.id, {
      title: say('console.envelope.extend'), text: say('console.envelope.extend.confirm'), confirm: say('console.envelope.extend'),
      inputs: [{ name: 'expires_at', label: say('console.envelope.extend.until'), type: 'datetime-local', required: true }],
      call: (answer) => api.post(`${path}/extend`, { expires_at: new Date(answer.expires_at).toISOString() }), done: () => say('console.envelope.extend.done')
    })));
  }
  if (['CREATED', 'IN_PROGRESS'].includes(envelope.status)) {
    buttons.push(button(say('console.envelope.void'), () => act(context, envelope.id, {
      title: say('console.envelope.void'), text: say('console.envelope.void.confirm', { name: envelope.name }), confirm: say('console.envelope.void'), danger: true,
      inputs: [{ name: 'reason', label: say('console.voidReason'), type: 'textarea', required: true, maxlength: 500 }],
      call: (answer) => api.put(`${path}/void`, { reason: answer.reason }), done: () => say('console.envelope.void.done')
    }), 'danger'));
  }
  return element('div', { class: 'buttons', role: 'group', 'aria-label': say('console.envelope.actions') }, ...buttons);
}

function downloads(context, envelope) {
  const { say, api, report } = context;
  const items = envelope.documents.filter((document) => document.url).map((document) => element('li', {}, link(document.url, document.file_name)));
  if (envelope.status === 'SUCCESS') {
    items.push(element('li', {}, button(say('console.envelope.evidence'), async () => {
      try {
        const { evidence_document_url: url } = await api.get(`/api/v1/envelopes/${envelope.id}/evidence`);
        report.ok(say('console.envelope.evidence.ready'));
        report.region.append(link(url, say('console.envelope.evidence.download')));
      } catch (error) {
        report.failed(error);
      }
    }, 'quiet')));
  }
  return element('ul', { class: 'plain' }, ...items);
}

function timeline(context, entries) {
  const { say, format } = context;
  if (entries.length === 0) return element('p', { class: 'empty' }, say('console.envelope.timeline.none'));
  return element('ol', { class: 'timeline' }, ...entries.map((entry) => element('li', {},
    when(format, entry.at), ' ', element('strong', {}, sayOr(say, `console.event.${entry.event}`, entry.event)),
    entry.recipient ? ` · ${entry.recipient.name} <${entry.recipient.email}>` : '',
    entry.details?.reason ? ` · ${entry.details.reason}` : '',
    entry.ip_address ? ` · ${entry.ip_address}` : '')));
}

export async function showEnvelope(context, route, keep) {
  const { api, say, format } = context;
  const id = route.segments[1];
  const [{ envelope }, { timeline: entries }] = await Promise.all([api.get(`/api/v1/envelopes/${id}`), api.get(`/api/v1/envelopes/${id}/timeline`)]);
  const byId = new Map(envelope.envelope_signers.map((signer) => [signer.id, signer]));
  const section = (title, ...nodes) => element('section', { 'aria-labelledby': `section-${title}` }, element('h2', { id: `section-${title}` }, say(`console.envelope.${title}`)), ...nodes);
  context.render(envelope.name,
    keep ?? context.report.region,
    facts([
      [say('console.envelopes.status'), badge(say(`console.status.${envelope.status}`), envelope.status.toLowerCase())],
      [say('console.envelope.id'), envelope.id],
      [say('console.envelopes.created'), when(format, envelope.created_at)],
      [say('console.envelope.sent'), when(format, envelope.sent_at)],
      [say('console.envelope.completed'), when(format, envelope.completed_at)],
      [say('console.envelope.expires'), when(format, envelope.expires_at)],
      [say('console.voidReason'), envelope.void_reason ?? null],
      [say('console.envelopes.metadata'), metadataList(envelope.metadata)]
    ]),
    envelopeActions(context, envelope),
    section('recipients', table(say('console.envelope.recipients'), [
      { label: say('console.envelope.recipient'), cell: (signer) => `${signer.name} <${signer.email}>` },
      { label: say('console.envelope.role'), cell: (signer) => sayOr(say, `console.role.${signer.role ?? 'SIGNER'}`, signer.role ?? 'SIGNER') },
      { label: say('console.envelope.order'), cell: (signer) => String(signer.order) },
      { label: say('console.envelopes.status'), cell: (signer) => signer.status },
      { label: say('console.envelope.gates'), cell: (signer) => gatesOf(say, signer) },
      { label: say('console.envelope.actions'), cell: (signer) => recipientActions(context, envelope, signer) }
    ], envelope.envelope_signers, say('console.envelope.recipients.none'))),
    section('fields', table(say('console.envelope.fields'), [
      { label: say('console.envelope.field'), cell: (field) => field.name },
      { label: say('console.envelope.fieldType'), cell: (field) => field.type },
      { label: say('console.envelope.recipient'), cell: (field) => byId.get(field.recipient_id)?.name ?? '' },
      { label: say('console.envelope.value'), cell: fieldValue },
      { label: say('console.envelope.filledAt'), cell: (field) => when(format, field.filled_at) }
    ], envelope.fields ?? [], say('console.envelope.fields.none'))),
    section('documents', downloads(context, envelope)),
    section('timeline', timeline(context, entries)));
}
