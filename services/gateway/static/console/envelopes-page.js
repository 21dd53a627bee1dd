// Envelopes: found by status, dates, recipient, text, metadata and template; a page at a time; the ones
// ticked voided or reminded together through one batch.

import { element, labelled } from '/components/dom.js';
import { withQuery } from './console-api.js';
import { confirmAction } from './confirm.js';
import { hrefOf } from './router.js';
import { badge, button, link, table, when } from './view.js';

export const ENVELOPE_STATUSES = ['CREATED', 'IN_PROGRESS', 'SUCCESS', 'VOIDED', 'ERROR', 'EXPIRED'];
const FILTERS = ['status', 'created_from', 'created_to', 'recipient_email', 'q', 'metadata', 'template_id'];
const PAGE_SIZE = 25;

/** A day the viewer picked, as the instant it starts in their own time zone. */
function startOfDay(day) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date).toISOString();
}

function nextDay(day) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + 1).toISOString();
}

/** The API's query for the filters in the page's address. */
export function listQuery(filters) {
  const query = {
    status: filters.get('status'), recipient_email: filters.get('recipient_email'), q: filters.get('q'), template_id: filters.get('template_id'),
    created_after: filters.get('created_from') ? startOfDay(filters.get('created_from')) : '',
    created_before: filters.get('created_to') ? nextDay(filters.get('created_to')) : '',
    limit: PAGE_SIZE, cursor: filters.get('cursor')
  };
  const metadata = /^([^=]+)=(.*)$/.exec(filters.get('metadata') ?? '');
  if (metadata) query[`metadata[${metadata[1].trim()}]`] = metadata[2].trim();
  return query;
}

function filterForm(context, filters, templates) {
  const { say } = context;
  const statuses = element('select', { name: 'status' }, element('option', { value: '' }, say('console.any')),
    ...ENVELOPE_STATUSES.map((status) => element('option', { value: status, selected: filters.get('status') === status }, say(`console.status.${status}`))));
  const templateChoice = element('select', { name: 'template_id' }, element('option', { value: '' }, say('console.any')),
    ...templates.map((template) => element('option', { value: template.id, selected: filters.get('template_id') === template.id }, template.name)));
  const input = (name, type = 'text') => element('input', { name, type, value: filters.get(name) ?? '' });
  const form = element('form', { class: 'filters', role: 'search', 'aria-label': say('console.envelopes.filters') },
    labelled('filter-status', say('console.envelopes.status'), statuses),
    labelled('filter-created-from', say('console.envelopes.createdFrom'), input('created_from', 'date')),
    labelled('filter-created-to', say('console.envelopes.createdTo'), input('created_to', 'date')),
    labelled('filter-recipient', say('console.envelopes.recipient'), input('recipient_email', 'email')),
    labelled('filter-text', say('console.envelopes.text'), input('q', 'search')),
    labelled('filter-metadata', say('console.envelopes.metadata'), input('metadata')),
    labelled('filter-template', say('console.envelopes.template'), templateChoice),
    element('div', { class: 'buttons' }, element('button', { type: 'submit', class: 'primary' }, say('console.search'))));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(FILTERS.map((name) => [name, form.elements.namedItem(name).value.trim()]).filter(([, value]) => value !== ''));
    window.location.hash = hrefOf(['envelopes'], values);
  });
  return form;
}

/** Void or remind every ticked envelope with one batch, then point at the batch's page. */
async function runBatch(context, operation, envelopeIds) {
  const { say, api, report } = context;
  if (envelopeIds.length === 0) {
    report.ok(say('console.envelopes.noneSelected'));
    return;
  }
  const inputs = operation === 'void' ? [{ name: 'reason', label: say('console.voidReason'), type: 'textarea', required: true, maxlength: 500 }] : [];
  const answer = await confirmAction(say, {
    title: say(`console.envelopes.bulk.${operation}`), text: say(`console.envelopes.bulk.${operation}.confirm`, { count: envelopeIds.length }),
    confirm: say(`console.envelopes.bulk.${operation}`), danger: operation === 'void', inputs
  });
  if (!answer) return;
  try {
    const { batch } = await api.post('/api/v1/batches', { operation, envelope_ids: envelopeIds, ...(operation === 'void' ? { reason: answer.reason } : {}) });
    report.ok(say('console.batch.started', { id: batch.id }));
    report.region.append(link(hrefOf(['batches', batch.id]), say('console.batch.open')));
  } catch (error) {
    report.failed(error);
  }
}

export async function showEnvelopes(context, route) {
  const { api, say, format } = context;
  const filters = route.query;
  const [{ envelopes, next_cursor: nextCursor }, { templates }] = await Promise.all([
    api.get(withQuery('/api/v1/envelopes', listQuery(filters))),
    api.get('/api/v1/templates?limit=100')
  ]);
  const ticks = new Map();
  const tick = (envelope) => {
    const box = element('input', { type: 'checkbox', 'aria-label': say('console.envelopes.select', { name: envelope.name }) });
    ticks.set(envelope.id, box);
    return box;
  };
  const selected = () => [...ticks].filter(([, box]) => box.checked).map(([id]) => id);
  const results = table(say('console.envelopes.results', { count: envelopes.length }), [
    { label: say('console.envelopes.selectColumn'), cell: tick },
    { label: say('console.envelopes.name'), cell: (envelope) => link(hrefOf(['envelopes', envelope.id]), envelope.name) },
    { label: say('console.envelopes.status'), cell: (envelope) => badge(say(`console.status.${envelope.status}`), envelope.status.toLowerCase()) },
    { label: say('console.envelopes.recipients'), cell: (envelope) => envelope.envelope_signers.map((signer) => signer.email).join(', ') },
    { label: say('console.envelopes.created'), cell: (envelope) => when(format, envelope.created_at) }
  ], envelopes, say('console.envelopes.none'));
  const paging = element('div', { class: 'buttons paging' },
    filters.get('cursor') ? link(hrefOf(['envelopes'], [...filters].filter(([name]) => name !== 'cursor')), say('console.firstPage')) : null,
    nextCursor ? link(hrefOf(['envelopes'], [...[...filters].filter(([name]) => name !== 'cursor'), ['cursor', nextCursor]]), say('console.nextPage')) : null);
  const bulk = element('div', { class: 'buttons', role: 'group', 'aria-label': say('console.envelopes.bulk') },
    button(say('console.envelopes.bulk.void'), () => runBatch(context, 'void', selected()), 'danger'),
    button(say('console.envelopes.bulk.remind'), () => runBatch(context, 'remind', selected())));
  context.render(say('console.nav.envelopes'), filterForm(context, filters, templates), context.report.region, bulk, results, paging);
}
