import type { PartName } from '@signet/config';
import { escapeHtml } from '../pages/page-frame';

/** What the start page tells: what runs here, and where to go next. */
export interface StartPageFacts {
  apiVersion: string;
  parts: readonly PartName[];
  database: string;
  bus: string;
  mail: string;
  /** Only for a client on this machine, and only when monolith mode made the key itself. */
  developmentKey: string | null;
  links: Record<string, string>;
}

const LINK_NAMES: Record<string, string> = {
  quickstart: 'Quickstart: from an envelope to a signed PDF in a few commands',
  docs: 'API reference (try every route from the page)',
  openapi: 'OpenAPI document',
  console: 'Console: find and act on envelopes, webhooks, API keys and settings (sign in with a key)',
  mailbox: 'Mailbox: the emails Signet sent (invitations with signing links, codes)',
  sms: 'SMS: the text messages Signet sent (codes)',
  health: 'Liveness',
  readiness: 'Readiness of every part'
};

/** GET / as HTML: a developer's first page after `npm start`. */
export function renderStartPage(facts: StartPageFacts): string {
  const links = Object.entries(facts.links)
    .map(([name, url]) => `      <li><a href="${escapeHtml(url)}">${escapeHtml(LINK_NAMES[name] ?? name)}</a> <code>${escapeHtml(url)}</code></li>`).join('\n');
  const key = facts.developmentKey === null ? '' : `
    <h2>Your development key</h2>
    <p>Shown only to this machine. Send it as <code>Authorization</code> (the key itself, no <code>Bearer</code>):</p>
    <pre><code>curl -H "Authorization: ${escapeHtml(facts.developmentKey)}" ${escapeHtml(facts.links.openapi?.replace(/\/openapi\.json$/, '') ?? '')}/api/v1/settings</code></pre>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Signet</title>
  <style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}code,pre{background:#f3f3f3;border-radius:4px}pre{padding:.75rem;overflow-x:auto}code{padding:0 .2rem}dt{font-weight:600}</style>
</head>
<body>
  <main>
    <h1>Signet e-signature API is running</h1>
    <dl>
      <dt>API</dt><dd>version ${escapeHtml(facts.apiVersion)}, under <code>/api/v1</code></dd>
      <dt>Parts in this process</dt><dd>${facts.parts.map((part) => `<code>${escapeHtml(part)}</code>`).join(', ')}</dd>
      <dt>Database</dt><dd>${escapeHtml(facts.database)}</dd>
      <dt>Events</dt><dd>${escapeHtml(facts.bus)}</dd>
      <dt>Email</dt><dd>${escapeHtml(facts.mail)}</dd>
    </dl>${key}
    <h2>Where to go next</h2>
    <ul>
${links}
    </ul>
  </main>
</body>
</html>
`;
}
