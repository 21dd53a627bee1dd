// The pieces every page is made of. Whatever came from the API (names, metadata, bodies) goes in as text:
// no page ever parses it as markup.

import { element } from '/components/dom.js';

/** A table with a caption; `columns`: [{ label, cell(row) → node or text }]. */
export function table(caption, columns, rows, emptyText) {
  if (rows.length === 0) return element('p', { class: 'empty' }, emptyText);
  const head = element('tr', {}, ...columns.map((column) => element('th', { scope: 'col' }, column.label)));
  const body = rows.map((row) => element('tr', {}, ...columns.map((column) => element('td', {}, column.cell(row) ?? ''))));
  return element('div', { class: 'table-wrap' }, element('table', {}, element('caption', {}, caption), element('thead', {}, head), element('tbody', {}, ...body)));
}

/** A definition list of [term, value] pairs; values that are null or empty are left out. */
export function facts(pairs) {
  const items = pairs.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return element('dl', { class: 'facts' }, ...items.flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]));
}

export function when(format, instant) {
  return instant ? element('time', { datetime: format.machine(instant) }, format.when(instant)) : '';
}

export function badge(text, tone) {
  return element('span', { class: `badge ${tone ?? ''}`.trim() }, text);
}

export function link(href, text) {
  return element('a', { href }, text);
}

export function button(text, onClick, className) {
  const node = element('button', { type: 'button', class: className }, text);
  node.addEventListener('click', onClick);
  return node;
}

/** Text shown as it came, in a block that keeps its lines: a webhook's body, a request's JSON. It may scroll, so the keyboard reaches it. */
export function raw(text) {
  return element('pre', { class: 'raw', tabindex: '0' }, text ?? '');
}

/**
 * Where a page reports an action's outcome: the API's own answer, good or bad. An error names the code,
 * the message and each detail, as text.
 */
export function createReport(say, announce) {
  const region = element('div', { class: 'report', tabindex: '-1' });
  return {
    region,
    ok(text) {
      region.replaceChildren(element('p', { class: 'ok', role: 'status' }, text));
      announce(text);
    },
    failed(error) {
      const details = (error.details ?? []).map((detail) => element('li', {}, `${detail.field}: ${detail.message}`));
      region.replaceChildren(element('div', { class: 'failed', role: 'alert' },
        element('p', {}, say('console.failed', { status: error.status ?? '', code: error.code ?? '', message: error.message })),
        details.length > 0 ? element('ul', {}, ...details) : null));
    },
    clear() {
      region.replaceChildren();
    }
  };
}

/** One option per language Signet speaks, each named in itself, `current` chosen. */
export function languageOptions(languages, current) {
  return languages.map((one) => element('option', { value: one.key, lang: one.tag, selected: one.key === current }, one.name));
}
