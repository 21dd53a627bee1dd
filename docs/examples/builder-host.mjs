// An app page with Signet's embeddable builder. Run it beside Signet:
//   SIGNET_API_KEY=<your key> node docs/examples/builder-host.mjs
// then open http://localhost:4000/?template=<a template id>. For each page, this server starts a builder
// session with the API key (which never reaches the browser) and hands the page the session's url and token.
import { createServer } from 'node:http';

const signet = process.env.SIGNET_URL ?? 'http://localhost:3000';
const apiKey = process.env.SIGNET_API_KEY;
const port = Number(process.env.PORT ?? 4000);
const origin = `http://localhost:${port}`;

async function startSession(templateId, language) {
  const answer = await fetch(`${signet}/api/v1/builder_sessions`, {
    method: 'POST',
    headers: { authorization: apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ template_id: templateId, origins: [origin], language })
  });
  if (!answer.ok) throw new Error(`Signet answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()).builder_session;
}

const page = (session) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>My app: place the fields</title>
<script src="${signet}/embed/builder.js"></script></head>
<body>
  <signet-builder url="${session.url}" token="${session.token}" style="height: 90vh"></signet-builder>
  <script>
    const builder = document.querySelector('signet-builder');
    window.builderEvents = [];
    for (const type of ['ready', 'change', 'save', 'send', 'error', 'token-expired']) {
      builder.addEventListener(type, (event) => {
        window.builderEvents.push({ type, detail: event.detail });
        console.log('builder', type, JSON.stringify(event.detail));
      });
    }
  </script>
</body>
</html>`;

createServer(async (request, response) => {
  const url = new URL(request.url, origin);
  if (url.pathname !== '/') return response.writeHead(404).end();
  try {
    const session = await startSession(url.searchParams.get('template'), url.searchParams.get('language') ?? 'EN');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(session));
  } catch (error) {
    response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error.message));
  }
}).listen(port, 'localhost', () => console.log(`Open ${origin}/?template=<template id>`));
