// The editor's workspace: the toolbar, the side panels and the pages, each built once with what it
// needs; the editor renders them all again after every change.
import { createAnnouncer } from '/components/announcer.js';
import { createDocumentsPanel } from './documents-panel.js';
import { element } from '/components/dom.js';
import { createEdits } from './edits.js';
import { listenToKeyboard } from './keyboard.js';
import { createPagesView } from './pages-view.js';
import { createPalette } from './palette.js';
import { createPlacementsView } from './placements-view.js';
import { createPointer } from './pointer.js';
import { createPropertiesPanel } from './properties-panel.js';
import { createRecipientsPanel } from './recipients-panel.js';
import { createTokensPanel } from './tokens-panel.js';
import { createToolbar } from './toolbar.js';

/** Builds the workspace in `root` and answers its views. */
export function mountWorkspace({ root, say, library, actions, controller, where, labelOf, colorOf, canSend }) {
  const toolbar = element('header', { class: 'toolbar' });
  const palette = element('section', { class: 'panel', id: 'palette' });
  const properties = element('section', { class: 'panel', id: 'properties' });
  const recipients = element('section', { class: 'panel', id: 'recipients' });
  const tokens = element('section', { class: 'panel', id: 'tokens' });
  const documents = element('section', { class: 'panel', id: 'documents' });
  const pagesContainer = element('div', { class: 'pages', id: 'pages' });
  const pagesArea = element('main', { class: 'pages-area', tabindex: '0', 'aria-label': say('builder.pages') }, pagesContainer);
  root.replaceChildren(toolbar, element('div', { class: 'workspace' }, element('aside', { class: 'side', 'aria-label': say('builder.panels') }, palette, properties, recipients, tokens, documents), pagesArea));
  const pages = createPagesView({ container: pagesContainer, library, say });
  const view = { pages, pagesArea, announce: createAnnouncer(root) };
  view.edits = createEdits(where);
  view.placements = createPlacementsView({ pages, say, labelOf, colorOf });
  view.toolbar = createToolbar({ container: toolbar, say, actions, canSend });
  view.palette = createPalette({ container: palette, say, actions });
  view.properties = createPropertiesPanel({ container: properties, say, actions, where });
  view.recipients = createRecipientsPanel({ container: recipients, say, actions });
  view.tokens = createTokensPanel({ container: tokens, say, actions, pages });
  view.documents = createDocumentsPanel({ container: documents, say, actions });
  view.pointer = createPointer({ pagesContainer, palette, pages, controller });
  listenToKeyboard(controller);
  return view;
}
