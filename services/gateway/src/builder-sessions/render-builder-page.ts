import type { Language } from '@signet/i18n';
import type { ScriptMessage } from './builder-messages';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

/** The editor page: a frame for editor.js, which reads the session id and its messages from `#builder`. */
export function renderBuilderPage(sessionId: string, language: Language, messages: Record<string, ScriptMessage>): string {
  return `<!doctype html>
<html lang="${language.tag}" dir="${language.direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signet</title>
<link rel="stylesheet" href="/builder/assets/editor.css">
<script type="module" src="/builder/assets/editor.js"></script>
</head>
<body>
<main id="builder" data-session="${escapeHtml(sessionId)}" data-messages="${escapeHtml(JSON.stringify(messages))}"></main>
</body>
</html>
`;
}

/** What an unknown, revoked or expired session's address shows: nothing of the session, in English. */
export function renderMissingBuilderPage(): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signet</title>
</head>
<body>
<main><h1>This editor session has ended</h1><p>It is unknown, was revoked or has expired. Open the editor again from the page that showed it.</p></main>
</body>
</html>
`;
}
