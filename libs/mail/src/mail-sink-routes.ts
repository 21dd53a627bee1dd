import { type Response, Router } from 'express';
import { mailDetailPage, mailListPage, notFoundPage } from './mail-sink-page';
import type { MailSink } from './mail-sink';

/** Mail bodies are untrusted content: nothing on these pages may run script, even if escaping slipped. */
function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "script-src 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'self'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store'
    })
    .send(html);
}

/**
 * The development page of monolith mode's mail sink (the gateway mounts it at /dev/mail). It shows
 * every recipient's codes and signing links, so it must never be mounted in a deployment.
 */
export function mailSinkRoutes(sink: MailSink): Router {
  const router = Router();

  router.get('/', (req, res) => {
    sendPage(res, 200, mailListPage(sink.messages(), req.baseUrl));
  });

  router.get('/messages.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ messages: sink.messages() });
  });

  router.get('/:id', (req, res) => {
    const mail = sink.get(req.params.id);
    if (mail === undefined) sendPage(res, 404, notFoundPage(req.baseUrl));
    else sendPage(res, 200, mailDetailPage(mail, req.baseUrl));
  });

  return router;
}
