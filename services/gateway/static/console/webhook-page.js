// One webhook's deliveries, Delivered, Pending or Failed, and one delivery's every attempt: what was sent,
// what came back (as text), and when the next one is due; any delivery can be sent again.

import { element } from '/components/dom.js';
import { hrefOf } from './router.js';
import { badge, facts, link, raw, table, when, button } from './view.js';
import { confirmed } from './confirm.js';

const TONES = { SUCCESS: 'success', PENDING: 'in_progress', FAILED: 'error' };

function deliveryStatus(say, delivery) {
  return badge(say(`console.delivery.${delivery.status}`), TONES[delivery.status]);
}

const REFRESH_MS = 1500;

/** What the delivery page shows below its actions: the body sent, then every attempt. */
function deliveryDetails(context, delivery) {
  const { say, format } = context;
  const headers = (title, values) => (values ? [element('h4', {}, title), raw(Object.entries(values).map(([name, value]) => `${name}: ${value}`).join('\n'))] : []);
  const attempts = delivery.attempts.map((attempt) => element('section', { class: 'attempt', 'aria-labelledby': `attempt-${attempt.attempt}` },
    element('h3', { id: `attempt-${attempt.attempt}` }, say('console.delivery.attempt', { number: attempt.attempt })),
    facts([
      [say('console.delivery.at'), when(format, attempt.attempted_at)],
      [say('console.delivery.statusCode'), attempt.status_code === null ? say('console.delivery.noAnswer') : String(attempt.status_code)],
      [say('console.delivery.duration'), attempt.duration_ms === null ? '' : say('console.delivery.ms', { ms: attempt.duration_ms })],
      [say('console.webhooks.lastError'), attempt.error]
    ]),
    ...headers(say('console.delivery.requestHeaders'), attempt.request_headers),
    ...headers(say('console.delivery.responseHeaders'), attempt.response_headers),
    element('h4', {}, say('console.delivery.response')), raw(attempt.response_body ?? '')));
  return [
    facts([
      [say('console.envelopes.status'), deliveryStatus(say, delivery)],
      [say('console.webhooks.event'), delivery.event_id],
      [say('console.envelopes.created'), when(format, delivery.created_at)],
      [say('console.delivery.nextAttempt'), when(format, delivery.next_attempt_at)]
    ]),
    element('section', { 'aria-labelledby': 'request' }, element('h2', { id: 'request' }, say('console.delivery.request')), raw(delivery.request_body)),
    element('section', { 'aria-labelledby': 'attempts' }, element('h2', { id: 'attempts' }, say('console.delivery.attempts')), ...attempts)
  ];
}

/** One delivery; while it is pending (a redelivery on its way) it is read again every moment and shown in place. */
async function showDelivery(context, webhookId, deliveryId) {
  const { api, say } = context;
  const load = async () => (await api.get(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}`)).delivery;
  let delivery = await load();
  const details = element('div', {}, ...deliveryDetails(context, delivery));
  let following = false;
  const follow = async () => {
    if (following) return;
    following = true;
    while (delivery.status === 'PENDING' && context.current()) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
      if (!context.current()) break;
      delivery = await load();
      details.replaceChildren(...deliveryDetails(context, delivery));
      if (delivery.status !== 'PENDING') context.announce(say(`console.delivery.${delivery.status}`));
    }
    following = false;
  };
  const redeliver = button(say('console.delivery.redeliver'), async () => {
    const result = await confirmed(context, {
      title: say('console.delivery.redeliver'), text: say('console.delivery.redeliver.confirm'), confirm: say('console.delivery.redeliver'),
      call: () => api.post(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`), done: () => say('console.delivery.redeliver.done')
    });
    if (!result) return;
    delivery = await load();
    details.replaceChildren(...deliveryDetails(context, delivery));
    void follow();
  }, 'primary');
  context.render(`${delivery.event_type} · ${delivery.event_id}`,
    element('p', {}, link(hrefOf(['webhooks', webhookId]), say('console.webhooks.deliveries'))),
    context.report.region,
    element('div', { class: 'buttons' }, redeliver),
    details);
  void follow();
}

export async function showWebhook(context, route) {
  const { api, say, format } = context;
  const [, webhookId, part, deliveryId] = route.segments;
  if (part === 'deliveries' && deliveryId) return showDelivery(context, webhookId, deliveryId);
  const cursor = route.query.get('cursor');
  const [{ webhook }, { deliveries, next_cursor: nextCursor }] = await Promise.all([
    api.get(`/api/v1/webhooks/${webhookId}`),
    api.get(`/api/v1/webhooks/${webhookId}/deliveries?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
  ]);
  const list = table(say('console.webhooks.deliveries'), [
    { label: say('console.webhooks.event'), cell: (delivery) => link(hrefOf(['webhooks', webhookId, 'deliveries', delivery.id]), `${delivery.event_type} · ${delivery.event_id}`) },
    { label: say('console.envelopes.status'), cell: (delivery) => deliveryStatus(say, delivery) },
    { label: say('console.webhooks.attempts'), cell: (delivery) => String(delivery.attempts.length) },
    { label: say('console.delivery.lastAnswer'), cell: (delivery) => String(delivery.attempts.at(-1)?.status_code ?? '') },
    { label: say('console.delivery.nextAttempt'), cell: (delivery) => when(format, delivery.next_attempt_at) },
    { label: say('console.envelopes.created'), cell: (delivery) => when(format, delivery.created_at) }
  ], deliveries, say('console.webhooks.deliveries.none'));
  const paging = element('div', { class: 'buttons paging' },
    cursor ? link(hrefOf(['webhooks', webhookId]), say('console.firstPage')) : null,
    nextCursor ? link(hrefOf(['webhooks', webhookId], { cursor: nextCursor }), say('console.nextPage')) : null);
  context.render(webhook.url, element('p', {}, link(hrefOf(['webhooks']), say('console.nav.webhooks'))), list, paging);
}
