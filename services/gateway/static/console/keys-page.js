// API keys of the tenant: when each was last used; a new key or a rotated secret shown once, in this
// answer only, then never again; revoking, which stops the key at once.

import { element } from '/components/dom.js';
import { confirmed } from './confirm.js';
import { badge, button, raw, table, when } from './view.js';

function shownOnce(say, key) {
  return element('div', { class: 'secret' }, element('p', {}, say('console.shownOnce')), raw(key));
}

function keyActions(context, key, reload) {
  const { api, say } = context;
  if (key.revoked_at) return '';
  const after = async (result) => {
    if (result) await reload();
  };
  return element('div', { class: 'buttons' },
    button(say('console.keys.rotate'), async () => after(await confirmed(context, {
      title: say('console.keys.rotate'), text: say('console.keys.rotate.confirm', { name: key.name }), confirm: say('console.keys.rotate'),
      inputs: [{ name: 'overlap_minutes', label: say('console.keys.overlap'), type: 'number', required: true, value: '60', min: 0, max: 10080 }],
      call: (answer) => api.post(`/api/v1/api_keys/${key.id}/rotate`, { overlap_minutes: Number(answer.overlap_minutes) }),
      done: () => say('console.keys.rotate.done', { name: key.name }), shown: (result) => shownOnce(say, result.api_key.key)
    }))),
    button(say('console.keys.revoke'), async () => after(await confirmed(context, {
      title: say('console.keys.revoke'), text: say('console.keys.revoke.confirm', { name: key.name }), confirm: say('console.keys.revoke'), danger: true,
      call: () => api.delete(`/api/v1/api_keys/${key.id}`), done: () => say('console.keys.revoke.done', { name: key.name })
    })), 'danger'));
}

function keyTable(context, keys, reload) {
  const { say, format } = context;
  return table(say('console.nav.keys'), [
    { label: say('console.keys.name'), cell: (key) => key.name },
    { label: say('console.keys.key'), cell: (key) => element('code', {}, `${key.key_prefix}…`) },
    { label: say('console.keys.scopes'), cell: (key) => (key.scopes.length > 0 ? key.scopes.join(', ') : say('console.keys.noScopes')) },
    { label: say('console.envelopes.created'), cell: (key) => when(format, key.created_at) },
    { label: say('console.keys.lastUsed'), cell: (key) => (key.last_used_at ? when(format, key.last_used_at) : say('console.keys.neverUsed')) },
    { label: say('console.keys.previousUntil'), cell: (key) => when(format, key.previous_key_expires_at) },
    { label: say('console.envelopes.status'), cell: (key) => (key.revoked_at ? badge(say('console.keys.revoked'), 'voided') : badge(say('console.keys.active'), 'success')) },
    { label: say('console.envelope.actions'), cell: (key) => keyActions(context, key, reload) }
  ], keys, say('console.keys.none'));
}

export async function showKeys(context) {
  const { api, say } = context;
  const { api_keys: keys } = await api.get('/api/v1/api_keys');
  const holder = element('div', {}, keyTable(context, keys, () => undefined));
  const reload = async () => {
    const { api_keys: fresh } = await api.get('/api/v1/api_keys');
    holder.replaceChildren(keyTable(context, fresh, reload));
  };
  holder.replaceChildren(keyTable(context, keys, reload));
  const create = button(say('console.keys.create'), async () => {
    const result = await confirmed(context, {
      title: say('console.keys.create'), text: say('console.keys.create.confirm'), confirm: say('console.keys.create'),
      inputs: [{ name: 'name', label: say('console.keys.name'), required: true, maxlength: 100 }, { name: 'admin', label: say('console.keys.admin'), type: 'checkbox' }],
      call: (answer) => api.post('/api/v1/api_keys', { name: answer.name, ...(answer.admin ? { scopes: ['admin'] } : {}) }),
      done: () => say('console.keys.create.done'), shown: (created) => shownOnce(say, created.api_key.key)
    });
    if (result) await reload();
  }, 'primary');
  context.render(say('console.nav.keys'), context.report.region, element('div', { class: 'buttons' }, create), holder);
}
