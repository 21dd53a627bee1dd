import type { Server } from 'node:http';
import express from 'express';
import { createSignetClient } from '@signet/sdk';

export interface BuilderHost {
  /** http://localhost:<port>: another origin than Signet's 127.0.0.1. */
  origin: string;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * An integrator's app: its server mints a builder session with its API key for each page it serves
 * (`/?template=<id>&language=<code>&lifetime=<minutes>`, or `/?envelope=<id>` to edit and send a draft
 * envelope; framed by this origin unless `allow` names another), and the page puts <signet-builder> on it, recording every event it dispatches in
 * `window.builderEvents`.
 */
export async function startBuilderHost(signetUrl: string, apiKey: string): Promise<BuilderHost> {
  const signet = createSignetClient({ baseUrl: signetUrl, apiKey });
  const app = express();
  let origin = '';
  app.get('/', async (req, res) => {
    const target = req.query.envelope ? { envelope_id: String(req.query.envelope), actions: ['edit', 'send'] as Array<'edit' | 'send'> } : { template_id: String(req.query.template) };
    const session = await signet.builderSessions.create({
      ...target,
      origins: [String(req.query.allow ?? origin)],
      language: String(req.query.language ?? 'EN') as 'EN',
      lifetime_minutes: Number(req.query.lifetime ?? 15)
    });
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator app</title></head><body style="margin:0">
<main><h1 style="font:16px sans-serif;margin:4px">Integrator app</h1>
<signet-builder url="${escape(session.url)}" token="${escape(session.token)}" style="height:860px"></signet-builder></main>
<script src="${escape(signetUrl)}/embed/builder.js"></script>
<script>
window.builderEvents = [];
const element = document.querySelector('signet-builder');
for (const type of ['ready', 'change', 'save', 'send', 'error', 'token-expired']) {
  element.addEventListener(type, (event) => window.builderEvents.push({ type, detail: event.detail }));
}
</script></body></html>`);
  });
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, 'localhost', () => resolve(started));
  });
  origin = `http://localhost:${(server.address() as { port: number }).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}
