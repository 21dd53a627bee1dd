import { type Request, Router } from 'express';
import { escapeHtml } from '@signet/mail';
import type { SmsSink, SunkSms } from './sms-sink';

function wantsJson(req: Request): boolean {
  return req.accepts(['text/html', 'application/json']) === 'application/json';
}

function listPage(messages: SunkSms[]): string {
  const rows = messages.map((sms) => `<tr><td><time datetime="${sms.receivedAt.toISOString()}">${sms.receivedAt.toISOString().replace('T', ' ').slice(0, 19)}</time></td>`
    + `<td>${escapeHtml(sms.to)}</td><td>${escapeHtml(sms.body)}</td><td>${sms.status}</td></tr>`);
  const table = rows.length === 0 ? '<p>No SMS sent yet.</p>' : `<table>
<thead><tr><th>Received</th><th>To</th><th>Text</th><th>Status</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sent SMS</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}</style>
</head>
<body>
<h1>Sent SMS</h1>
<p>Text messages the services sent in this process, newest first. Development only: nothing was delivered. <a href="/dev/mail">Sent mail</a></p>
${table}
</body>
</html>
`;
}

/**
 * The development page of monolith mode's SMS sink (the gateway mounts it at /dev/sms, loopback only):
 * HTML for people, `{messages: [{id, to, body, received_at, status}]}` to `Accept: application/json`. It shows
 * every recipient's codes, so it must never be mounted in a deployment.
 */
export function smsSinkRoutes(sink: SmsSink): Router {
  const router = Router();
  router.get('/', (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Accept' });
    if (wantsJson(req)) {
      res.json({ messages: sink.messages().map((sms) => ({ id: sms.id, to: sms.to, body: sms.body, received_at: sms.receivedAt.toISOString(), status: sms.status })) });
      return;
    }
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer'
    }).send(listPage(sink.messages()));
  });
  return router;
}
