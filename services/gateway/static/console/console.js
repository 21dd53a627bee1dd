// The console: signed in with an API key, it shows and acts on that key's tenant through the public API
// only, like any other client. The server gives the page its messages, language and CSRF token.

import { createAnnouncer } from '/components/announcer.js';
import { element } from '/components/dom.js';
import { createSay } from '/components/messages.js';
import { createConsoleApi } from './console-api.js';
import { createFormat } from './format.js';
import { createLayout } from './layout.js';
import { startRouter } from './router.js';
import { PAGES } from './pages.js';
import { createReport } from './view.js';

const root = document.getElementById('console');
const tag = root.dataset.tag;
const say = createSay(JSON.parse(root.dataset.messages), tag);
const languages = JSON.parse(root.dataset.languages);
const layout = createLayout(root, { say, languages, language: root.dataset.language, csrfToken: root.dataset.csrf });
const announce = createAnnouncer(document.body);
const shared = { api: createConsoleApi(root.dataset.csrf), say, format: createFormat(tag), announce, language: root.dataset.language, languages };
let shown = 0;

/** What a page is given: the shared tools, and `render` to fill the main region while it is still the page shown. */
function contextFor(turn) {
  return {
    ...shared,
    report: createReport(say, announce),
    current: () => turn === shown,
    render(title, ...nodes) {
      if (turn !== shown) return;
      const heading = element('h1', { tabindex: '-1' }, title);
      layout.main.replaceChildren(heading, ...nodes);
      document.title = `${title} · ${say('console.title')}`;
      heading.focus();
    }
  };
}

startRouter(async (route) => {
  shown += 1;
  const context = contextFor(shown);
  const section = PAGES[route.segments[0]] ? route.segments[0] : 'envelopes';
  layout.select(section);
  try {
    await PAGES[section](context, route);
  } catch (error) {
    context.report.failed(error);
    context.render(say('console.loadFailed'), context.report.region);
  }
});
