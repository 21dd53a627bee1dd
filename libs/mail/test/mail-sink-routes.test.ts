import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMailSink, type MailSink, mailSinkRoutes } from '../src';

describe('mailSinkRoutes', () => {
  let sink: MailSink;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    sink = createMailSink();
    const app = express();
    app.use('/dev/mail', mailSinkRoutes(sink));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mail`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(async () => {
    sink.clear();
    await sink.send({
      to: 'first@example.test', from: 'no-reply@signet.test', subject: 'First', text: 'one', html: '<p>one</p>'
    });
    await sink.send({
      to: 'victim@example.test',
      from: 'no-reply@signet.test',
      fromName: 'Acme & Sons',
      replyTo: 'legal@acme.test',
      subject: '<script>alert(1)</script>',
      text: 'Code: 123456 </pre><script>alert(2)</script>',
      html: '<p onclick="x()">Code: <b>123456</b></p><script>alert(3)</script>',
      headers: { 'X-Signet-Envelope-Id': 'env_"1"' }
    });
  });

  it('lists sent mail newest first as an HTML page, escaped', async () => {
    const response = await fetch(`${baseUrl}`);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script');
    expect(page.indexOf('victim@example.test')).toBeLessThan(page.indexOf('first@example.test'));
    const [newest] = sink.messages();
    expect(page).toContain(`href="/dev/mail/${newest?.id}"`);
  });

  it('answers the same list as JSON', async () => {
    const response = await fetch(`${baseUrl}/messages.json`);
    const body = (await response.json()) as { messages: Array<Record<string, unknown>> };

    expect(response.status).toBe(200);
    expect(body.messages.map((mail) => mail.subject)).toEqual(['<script>alert(1)</script>', 'First']);
    expect(body.messages[0]).toMatchObject({
      id: sink.messages()[0]?.id,
      to: 'victim@example.test',
      fromName: 'Acme & Sons',
      replyTo: 'legal@acme.test',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
    });
  });

  it('shows one mail: headers, the HTML body in a sandboxed srcdoc iframe and the text body, escaped', async () => {
    const [mail] = sink.messages();
    const response = await fetch(`${baseUrl}/${mail?.id}`);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<p onclick');
    expect(page).toContain('<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="');
    expect(page).toContain('&lt;p onclick=&quot;x()&quot;&gt;Code: &lt;b&gt;123456&lt;/b&gt;');
    expect(page).toContain('<pre>Code: 123456 &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;</pre>');
    expect(page).toContain('Acme &amp; Sons &lt;no-reply@signet.test&gt;');
    expect(page).toContain('<dd>legal@acme.test</dd>');
    expect(page).toContain('<dt>X-Signet-Envelope-Id</dt><dd>env_&quot;1&quot;</dd>');
    expect(page).toContain('href="/dev/mail/"');
  });

  it('answers 404 for a mail it does not keep', async () => {
    const response = await fetch(`${baseUrl}/${encodeURIComponent('<nope>')}`);

    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<nope>');
  });
});
