import { escapeHtml } from './escape-html';
import type { SunkMail } from './mail-sink';

const style = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 32rem; border: 1px solid #ccc; }
  pre { white-space: pre-wrap; background: #f6f6f6; padding: 1rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function time(at: Date): string {
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 19)}</time>`;
}

function mailLink(baseUrl: string, mail: SunkMail): string {
  return escapeHtml(`${baseUrl}/${encodeURIComponent(mail.id)}`);
}

/** `baseUrl` is where the router is mounted, so links work with or without a trailing slash. */
export function mailListPage(mails: SunkMail[], baseUrl: string): string {
  const rows = mails.map((mail) => `<tr>
<td>${time(mail.receivedAt)}</td>
<td>${escapeHtml(mail.to)}</td>
<td><a href="${mailLink(baseUrl, mail)}">${escapeHtml(mail.subject) || '(no subject)'}</a></td>
</tr>`);
  const table = rows.length === 0
    ? '<p>No mail sent yet.</p>'
    : `<table>
<thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
  return page('Sent mail', `<h1>Sent mail</h1>
<p>Mail the services sent in this process, newest first. Development only: nothing was delivered.</p>
${table}`);
}

function sender(mail: SunkMail): string {
  return mail.fromName === undefined ? mail.from : `${mail.fromName} <${mail.from}>`;
}

/**
 * The HTML body goes in a sandboxed srcdoc iframe: its scripts cannot run and it cannot reach this
 * page. Links open in a new tab outside the sandbox, so a signing link in an invitation can be followed.
 */
export function mailDetailPage(mail: SunkMail, baseUrl: string): string {
  const fields: Array<[string, string]> = [['From', sender(mail)], ['To', mail.to]];
  if (mail.replyTo) fields.push(['Reply-To', mail.replyTo]);
  fields.push(['Subject', mail.subject], ['Message-ID', mail.messageId], ...Object.entries(mail.headers ?? {}));
  const header = fields.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`);
  const srcdoc = `<base target="_blank">${mail.html}`;
  return page(mail.subject || 'Mail', `<p><a href="${escapeHtml(`${baseUrl}/`)}">All mail</a></p>
<h1>${escapeHtml(mail.subject) || '(no subject)'}</h1>
<dl>
<dt>Received</dt><dd>${time(mail.receivedAt)}</dd>
${header.join('\n')}
</dl>
<h2>HTML body</h2>
<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(srcdoc)}"></iframe>
<h2>Text body</h2>
<pre>${escapeHtml(mail.text)}</pre>`);
}

export function notFoundPage(baseUrl: string): string {
  return page('Mail not found', `<h1>Mail not found</h1>
<p>It may have been dropped: the sink keeps only the most recent messages.</p>
<p><a href="${escapeHtml(`${baseUrl}/`)}">All mail</a></p>`);
}
