// Webhooks: the endpoints and their events, a test event, a new signing secret (shown once, here only),
// and the deliveries that ran out of retries, each of which can be retried.

import { element } from '/components/dom.js';
import { confirmed } from './confirm.js';
import { hrefOf } from './router.js';
import { button, link, raw, table, when } from './view.js';
import { showWebhook } from './webhook-page.js';

function webhookActions(context, webhook) {
  const { api, say } = context;
  return element('div', { class: 'buttons' },
    link(hrefOf(['webhooks', webhook.id]), say('console.webhooks.deliveries')),
    button(say('console.webhooks.test'), () => confirmed(context, {
      title: say('console.webhooks.test'), text: say('console.webhooks.test.confirm', { url: webhook.url }), confirm: say('console.webhooks.test'),
      call: () => api.post(`/api/v1/webhooks/${webhook.id}/test`), done: () => say('console.webhooks.test.done')
    })),
    button(say('console.webhooks.rotate'), () => confirmed(context, {
      title: say('console.webhooks.rotate'), text: say('console.webhooks.rotate.confirm', { url: webhook.url }), confirm: say('console.webhooks.rotate'), danger: true,
      call: () => api.post(`/api/v1/webhooks/${webhook.id}/rotate_secret`), done: () => say('console.webhooks.rotate.done'),
      shown: (result) => element('div', { class: 'secret' }, element('p', {}, say('console.shownOnce')), raw(result.webhook.signing_secret))
    })));
}

function deadLetters(context, letters, reload) {
  const { api, say, format } = context;
  return table(say('console.webhooks.deadLetters'), [
    { label: say('console.webhooks.event'), cell: (letter) => `${letter.event_type} · ${letter.event_id}` },
    { label: say('console.webhooks.attempts'), cell: (letter) => String(letter.attempts) },
    { label: say('console.webhooks.lastError'), cell: (letter) => letter.last_error ?? (letter.last_status_code ? String(letter.last_status_code) : '') },
    { label: say('console.webhooks.failedAt'), cell: (letter) => when(format, letter.failed_at) },
    { label: say('console.envelope.actions'), cell: (letter) => (letter.retried_at ? say('console.webhooks.retried') : button(say('console.webhooks.retry'), async () => {
      if (await confirmed(context, {
        title: say('console.webhooks.retry'), text: say('console.webhooks.retry.confirm'), confirm: say('console.webhooks.retry'),
        call: () => api.post(`/api/v1/dead_letters/${letter.id}/retry`), done: () => say('console.webhooks.retry.done')
      })) await reload();
    })) }
  ], letters, say('console.webhooks.deadLetters.none'));
}

export async function showWebhooks(context, route) {
  if (route.segments[1]) return showWebhook(context, route);
  const { api, say } = context;
  const [{ webhooks }, { dead_letters: letters }] = await Promise.all([api.get('/api/v1/webhooks'), api.get('/api/v1/dead_letters')]);
  const lettersSection = element('section', { 'aria-labelledby': 'dead-letters' }, element('h2', { id: 'dead-letters' }, say('console.webhooks.deadLetters')));
  const reload = async () => {
    const { dead_letters: fresh } = await api.get('/api/v1/dead_letters');
    lettersSection.replaceChildren(lettersSection.firstChild, deadLetters(context, fresh, reload));
  };
  lettersSection.append(deadLetters(context, letters, reload));
  const list = table(say('console.nav.webhooks'), [
    { label: say('console.webhooks.url'), cell: (webhook) => webhook.url },
    { label: say('console.webhooks.events'), cell: (webhook) => webhook.subscriptions.split(',').join(', ') },
    { label: say('console.webhooks.schedule'), cell: (webhook) => webhook.retry_schedule },
    { label: say('console.envelope.actions'), cell: (webhook) => webhookActions(context, webhook) }
  ], webhooks, say('console.webhooks.none'));
  context.render(say('console.nav.webhooks'), context.report.region, list, lettersSection);
}
