import type { Language } from '@signet/i18n';
import { escapeHtml, page } from '../pages/page-frame';
import type { ScriptMessage } from '../pages/script-messages';

/** The editor page: a frame for editor.js, which reads the session id and its messages from `#builder`. */
export function renderBuilderPage(sessionId: string, language: Language, messages: Record<string, ScriptMessage>): string {
  return page(language.tag, language.direction, '<link rel="stylesheet" href="/components/base.css">\n<link rel="stylesheet" href="/builder/assets/editor.css">\n<script type="module" src="/builder/assets/editor.js"></script>\n',
    `<main id="builder" data-session="${escapeHtml(sessionId)}" data-messages="${escapeHtml(JSON.stringify(messages))}"></main>`);
}

/** What an unknown, revoked or expired session's address shows: nothing of the session, in English. */
export function renderMissingBuilderPage(): string {
  return page('en', 'ltr', '', '<main><h1>This editor session has ended</h1><p>It is unknown, was revoked or has expired. Open the editor again from the page that showed it.</p></main>');
}
