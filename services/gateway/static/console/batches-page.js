// Batches: each one's progress, and one batch's result per item.

import { element } from '/components/dom.js';
import { hrefOf } from './router.js';
import { badge, facts, link, table, when } from './view.js';

function progress(say, batch) {
  return say('console.batches.progress', { done: batch.succeeded + batch.failed, total: batch.total, failed: batch.failed });
}

export async function showBatches(context, route) {
  const { api, say, format } = context;
  if (route.segments[1]) return showBatch(context, route.segments[1]);
  const cursor = route.query.get('cursor');
  const { batches, next_cursor: nextCursor } = await api.get(`/api/v1/batches?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  const list = table(say('console.nav.batches'), [
    { label: say('console.batches.batch'), cell: (batch) => link(hrefOf(['batches', batch.id]), `${say(`console.batches.operation.${batch.operation}`)} · ${batch.id}`) },
    { label: say('console.envelopes.status'), cell: (batch) => badge(batch.status, batch.status.toLowerCase()) },
    { label: say('console.batches.progressColumn'), cell: (batch) => progress(say, batch) },
    { label: say('console.envelopes.created'), cell: (batch) => when(format, batch.created_at) }
  ], batches, say('console.batches.none'));
  const paging = element('div', { class: 'buttons paging' },
    cursor ? link(hrefOf(['batches']), say('console.firstPage')) : null,
    nextCursor ? link(hrefOf(['batches'], { cursor: nextCursor }), say('console.nextPage')) : null);
  context.render(say('console.nav.batches'), list, paging);
}

const REFRESH_MS = 1500;

function batchDetails(context, batch) {
  const { say, format } = context;
  const results = table(say('console.batches.results'), [
    { label: say('console.batches.item'), cell: (item) => String(item.index + 1) },
    { label: say('console.envelopes.status'), cell: (item) => badge(item.status, item.status.toLowerCase()) },
    { label: say('console.batches.envelope'), cell: (item) => (item.envelope_id ? link(hrefOf(['envelopes', item.envelope_id]), item.envelope_id) : '') },
    { label: say('console.batches.error'), cell: (item) => (item.error ? `${item.error.code}: ${item.error.error}` : '') }
  ], batch.results ?? [], say('console.batches.pending'));
  return [facts([
    [say('console.envelopes.status'), badge(batch.status, batch.status.toLowerCase())],
    [say('console.batches.progressColumn'), progress(say, batch)],
    [say('console.envelopes.created'), when(format, batch.created_at)],
    [say('console.envelope.completed'), when(format, batch.completed_at)]
  ]), results];
}

/** One batch; while it runs, its progress is read again every moment and shown in place, until it completes or the viewer leaves. */
async function showBatch(context, id) {
  const { api, say } = context;
  const { batch } = await api.get(`/api/v1/batches/${id}`);
  const details = element('div', {}, ...batchDetails(context, batch));
  context.render(`${say(`console.batches.operation.${batch.operation}`)} · ${batch.id}`, element('p', {}, link(hrefOf(['batches']), say('console.batches.all'))), details);
  let shown = batch;
  while (shown.status !== 'COMPLETED' && context.current()) {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
    if (!context.current()) return;
    shown = (await api.get(`/api/v1/batches/${id}`)).batch;
    details.replaceChildren(...batchDetails(context, shown));
    if (shown.status === 'COMPLETED') context.announce(progress(say, shown));
  }
}
