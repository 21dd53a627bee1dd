// The key's settings, every category as a form built from the values the API answers, and previews of
// the signer page and the invitation email as they look with the saved settings, in a chosen language.

import { element, labelled } from '/components/dom.js';
import { confirmed } from './confirm.js';
import { languageOptions } from './view.js';

/** One control per value: a tick for a boolean, a number box, else text; nested objects become fieldsets. */
function controlsOf(say, path, value, controls) {
  if (value !== null && typeof value === 'object') {
    const legend = element('legend', {}, path.at(-1));
    return element('fieldset', {}, legend, ...Object.entries(value).map(([name, inner]) => controlsOf(say, [...path, name], inner, controls)));
  }
  const id = `setting-${path.join('-')}`;
  const control = typeof value === 'boolean'
    ? element('input', { type: 'checkbox', checked: value })
    : element('input', { type: typeof value === 'number' ? 'number' : 'text', value: value ?? '' });
  controls.push({ path, control, before: value });
  const wrapped = labelled(id, path.at(-1), control);
  if (typeof value === 'boolean') wrapped.classList.add('tick');
  if (path.join('.') === 'branding.logo') wrapped.append(logoPicker(say, control));
  return wrapped;
}

/** A logo from a file, as the data URL the settings take. */
function logoPicker(say, target) {
  const file = element('input', { type: 'file', accept: 'image/png,image/jpeg,image/svg+xml', class: 'file' });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      target.value = String(reader.result);
    });
    reader.readAsDataURL(chosen);
  });
  return labelled(`${target.id}-file`, say('console.settings.logoFile'), file);
}

function valueOf({ control, before }) {
  if (control.type === 'checkbox') return control.checked;
  const text = control.value.trim();
  if (text === '') return null;
  return typeof before === 'number' ? Number(text) : text;
}

/** Only what changed, nested as PUT /api/v1/settings takes it; an emptied value is null, its default. */
function changesOf(controls) {
  const changes = {};
  for (const entry of controls) {
    const value = valueOf(entry);
    if (value === (entry.before ?? null)) continue;
    let target = changes;
    for (const name of entry.path.slice(0, -1)) target = target[name] ??= {};
    target[entry.path.at(-1)] = value;
  }
  return changes;
}

function previews(context) {
  const { say } = context;
  const choice = element('select', {}, ...languageOptions(context.languages, context.language));
  const frame = (page, title) => element('iframe', { class: 'preview', title, sandbox: '', src: '' , 'data-page': page });
  const frames = [frame('signer_page', say('console.settings.previewSigner')), frame('invitation_email', say('console.settings.previewEmail'))];
  const refresh = () => {
    for (const one of frames) one.src = `/api/v1/settings/preview/${one.dataset.page}?language=${encodeURIComponent(choice.value.toUpperCase())}&t=${Date.now()}`;
  };
  choice.addEventListener('change', refresh);
  refresh();
  return {
    refresh,
    node: element('section', { 'aria-labelledby': 'previews' }, element('h2', { id: 'previews' }, say('console.settings.preview')),
      labelled('preview-language', say('console.settings.previewLanguage'), choice),
      element('div', { class: 'previews' }, ...frames.map((one) => element('div', {}, element('h3', {}, one.title), one))))
  };
}

export async function showSettings(context) {
  const { api, say } = context;
  const { settings } = await api.get('/api/v1/settings');
  const preview = previews(context);
  const forms = Object.entries(settings).map(([category, values]) => {
    const controls = [];
    const fields = Object.entries(values).map(([name, value]) => controlsOf(say, [category, name], value, controls));
    const form = element('form', { class: 'settings', 'aria-labelledby': `category-${category}` },
      element('h2', { id: `category-${category}` }, say(`console.settings.category.${category}`)), ...fields,
      element('button', { type: 'submit', class: 'primary' }, say('console.settings.save', { category: say(`console.settings.category.${category}`) })));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const changes = changesOf(controls);
      if (Object.keys(changes).length === 0) {
        context.report.ok(say('console.settings.unchanged'));
        return;
      }
      const saved = await confirmed(context, {
        title: say('console.settings.saveTitle'), text: say('console.settings.save.confirm'), confirm: say('console.settings.saveTitle'),
        call: () => api.put('/api/v1/settings', changes), done: () => say('console.settings.saved')
      });
      if (!saved) return;
      for (const entry of controls) entry.before = valueOf(entry);
      preview.refresh();
    });
    return form;
  });
  context.render(say('console.nav.settings'), context.report.region, preview.node, ...forms);
}
