import { createHash, randomUUID } from 'node:crypto';
import { type SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { DRAWN_PNG, sentEnvelope, session, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOGO = `data:image/png;base64,${DRAWN_PNG}`;

describe('what a console reads: the envelope timeline, the branding colour and the previews (monolith mode)', () => {
  let api: TestSignet;
  let smtp: SmtpSink;

  /** A page or an email, as a browser gets it: the text and the headers (the harness reads only JSON). */
  const page = async (path: string, key: string = KEYS.globexSecond) => {
    const response = await fetch(`${api.url}${path}`, { headers: { authorization: key } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const timeline = (id: string, key: string = KEYS.globex) => api.call('GET', `/api/v1/envelopes/${id}/timeline`, { key });
  const settings = async (key: string) => (await api.call('GET', '/api/v1/settings?scope=branding', { key })).body.settings as Body;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestSignet({ SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await api.close();
    await smtp.stop();
  });

  describe('GET /api/v1/envelopes/:id/timeline', () => {
    it('lists an envelope created, sent, viewed and signed, oldest first, with the recipient each event concerns', async () => {
      const envelope = await sentEnvelope(api, KEYS.globex, { 'recipients[ben][role]': 'VIEWER' });
      expect((await session(api, envelope.tokens.ben as string)).status).toBe(200);
      const signed = await api.call('POST', `/signing/v1/${envelope.tokens.ana}/sign`, {
        key: null, json: written('Ana Lima'), headers: { 'user-agent': 'ConsoleTest/1.0' }
      });
      expect(signed.status).toBe(200);

      const entries = await waitFor(async () => {
        const answer = await timeline(envelope.id);
        const found = answer.body.timeline as Body[];
        return found.some((entry) => entry.event === 'envelope.success') && found;
      }, 30_000, 'envelope.success in the timeline');
      const events = entries.map((entry) => entry.event as string);
      const order = ['envelope.created', 'envelope.in_progress', 'recipient.viewed', 'recipient.signed_all', 'envelope.success'].map((event) => events.indexOf(event));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      const times = entries.map((entry) => Date.parse(entry.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);

      const viewed = entries.find((entry) => entry.event === 'recipient.viewed');
      expect(viewed?.recipient).toEqual({ id: expect.any(String), name: 'Ben Ode', email: expect.stringMatching(/^ben\./), role: 'VIEWER' });
      const signedEntry = entries.find((entry) => entry.event === 'recipient.signed_all');
      expect(signedEntry).toMatchObject({
        recipient: { name: 'Ana Lima', email: expect.stringMatching(/^ana\./), role: 'SIGNER' },
        ip_address: expect.stringMatching(/127\.0\.0\.1/), user_agent: 'ConsoleTest/1.0', details: { status: 'SIGNED' }
      });
      expect(entries.find((entry) => entry.event === 'envelope.created')).toMatchObject({ recipient: null, details: { status: 'CREATED' } });
      expect(entries.find((entry) => entry.event === 'envelope.success')).toMatchObject({ recipient: null, details: { status: 'SUCCESS' } });
    });

    it('is 404 for another tenant\'s envelope and an unknown one, and answers an envelope at any status', async () => {
      const created = await api.call('POST', '/api/v1/envelopes', {
        key: KEYS.globex, form: { 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima' }
      });
      const id = (created.body.envelope as Body).id as string;
      // At once: the evidence part may not have recorded envelope.created yet, and the envelope exists all the same.
      const early = await timeline(id);
      expect(early.status).toBe(200);
      expect(early.body).toMatchObject({ envelope_id: id, timeline: expect.any(Array) });
      await waitFor(async () => ((await timeline(id)).body.timeline as Body[]).length > 0, 20_000, 'envelope.created in the timeline');
      const other = await timeline(id, KEYS.acme);
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ code: 'NOT_FOUND' });
      expect(JSON.stringify(other.body)).not.toContain('Ana');
      expect((await timeline(randomUUID())).status).toBe(404);
    });
  });

  describe('branding.color', () => {
    it('refuses a value that is not # and 3 or 6 hexadecimal digits, changing nothing; saves one, and null resets it to the default', async () => {
      const before = await settings(KEYS.acmeSecond);
      expect(before.branding.color).toBe('#1d4ed8');
      for (const color of ['red', '#12345', '0a7c3e', '#0a7c3e; background: red']) {
        const refused = await api.call('PUT', '/api/v1/settings', { key: KEYS.acmeSecond, json: { branding: { color, name: 'Refused Inc.' } } });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'branding.color', message: 'must be # followed by 3 or 6 hexadecimal digits' }] });
      }
      expect(await settings(KEYS.acmeSecond)).toEqual(before);
      const saved = await api.call('PUT', '/api/v1/settings', { key: KEYS.acmeSecond, json: { branding: { color: '#0A7' } } });
      expect(saved.status).toBe(200);
      expect((saved.body.settings as Body).branding.color).toBe('#0A7');
      await api.call('PUT', '/api/v1/settings', { key: KEYS.acmeSecond, json: { branding: { color: null } } });
      expect((await settings(KEYS.acmeSecond)).branding.color).toBe('#1d4ed8');
    });

    it('colours the signer page through a style sheet of its own (its CSP unchanged) and the invitation email', async () => {
      expect((await api.call('PUT', '/api/v1/settings', { key: KEYS.globexSecond, json: { branding: { color: '#0A7C3E' } } })).status).toBe(200);
      const envelope = await sentEnvelope(api, KEYS.globexSecond);
      const signerPage = await fetch(`${api.url}/sign/${envelope.tokens.ana}`);
      const html = await signerPage.text();
      expect(html).toContain('<link rel="stylesheet" href="/sign/accent/0a7c3e.css">');
      expect(signerPage.headers.get('content-security-policy')).toContain("style-src 'self';");
      expect(html).not.toMatch(/<style|style="/);
      const accent = await fetch(`${api.url}/sign/accent/0a7c3e.css`);
      expect(accent.headers.get('content-type')).toMatch(/^text\/css/);
      expect(await accent.text()).toBe(':root { --accent: #0a7c3e; --on-accent: #ffffff; --accent-text: #0a7c3e; }\n');
      expect((await fetch(`${api.url}/sign/accent/0A7C3E.css`)).status).toBe(404);
      expect((await fetch(`${api.url}/sign/accent/red.css`)).status).toBe(404);

      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globexSecond })).body.envelope as Body;
      const ana = (shown.envelope_signers as Body[]).find((signer) => signer.custom_key === 'ana') as Body;
      const invitation = await smtp.waitFor((mail) => mail.to.includes(ana.email) && /to sign/.test(mail.subject), 20_000);
      expect(invitation.html).toContain('border-bottom:4px solid #0a7c3e');
      expect(invitation.html).toContain('background:#0a7c3e;color:#ffffff');
      // A light accent: dark text on it.
      expect((await api.call('PUT', '/api/v1/settings', { key: KEYS.globexSecond, json: { branding: { color: '#fde047' } } })).status).toBe(200);
      expect((await page('/api/v1/settings/preview/invitation_email')).text).toContain('background:#fde047;color:#111111');
      await api.call('PUT', '/api/v1/settings', { key: KEYS.globexSecond, json: { branding: { color: null } } });
    });
  });

  describe('GET /api/v1/settings/preview/signer_page and /invitation_email', () => {
    beforeAll(async () => {
      const saved = await api.call('PUT', '/api/v1/settings', {
        key: KEYS.globexSecond, json: { branding: { name: 'Lumen Legal', logo: LOGO, color: '#5b21b6' }, signature_flow: { language: 'FR' } }
      });
      expect(saved.status).toBe(200);
    });

    const expectSandboxed = (headers: Headers) => {
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      const policy = headers.get('content-security-policy') ?? '';
      expect(policy.split('; ')).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'", "base-uri 'none'", "form-action 'none'"]));
      expect(policy).not.toMatch(/allow-scripts|script-src/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    };

    it('shows the signer page with the saved logo, name, colour and language, for a sample envelope, without a script', async () => {
      const preview = await page('/api/v1/settings/preview/signer_page');
      expect(preview.status).toBe(200);
      expectSandboxed(preview.headers);
      const html = preview.text;
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain(`<img class="logo" src="${LOGO}"`);
      expect(html).toContain('<span class="brand-name">Lumen Legal</span>');
      expect(html).toContain('--accent: #5b21b6;');
      expect(html).toContain('<h1>Sample agreement</h1>');
      expect(html).toContain('value="Ana Lima"');
      expect(html).toContain('>Signer</button>');
      expect(html).not.toMatch(/<script|\/sign\/assets\/|data-token="[^"]/i);
      // The one inline style is the one the policy allows, by its hash.
      const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] as string;
      const hash = createHash('sha256').update(style, 'utf8').digest('base64');
      expect(preview.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);

      const spanish = await page('/api/v1/settings/preview/signer_page?language=ES');
      expect(spanish.text).toContain('<html lang="es">');
      expect(spanish.text).toContain('>Firmar</button>');
    });

    it('shows the invitation email as a signer gets it: brand, colour and language, no link that works, no pixel, no script', async () => {
      const preview = await page('/api/v1/settings/preview/invitation_email');
      expect(preview.status).toBe(200);
      expectSandboxed(preview.headers);
      expect(preview.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
      const html = preview.text;
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Relire et signer');
      expect(html).toContain('Bonjour Ana Lima');
      expect(html).toContain('Sample agreement');
      // Mail clients block data: images, so the email shows the branding name in the logo's place.
      expect(html).toContain('<strong>Lumen Legal</strong>');
      expect(html).not.toContain('data:image');
      expect(html).toContain('background:#5b21b6;color:#ffffff');
      expect(html).toContain('<a href="#" style=');
      expect(html).not.toMatch(/<script|\/email\/v1\/|\/sign\//i);
      expect((await page('/api/v1/settings/preview/invitation_email?language=ES')).text).toContain('Revisar y firmar');

      await api.call('PUT', '/api/v1/settings', { key: KEYS.globexSecond, json: { branding: { logo: 'https://cdn.example.com/lumen.png' } } });
      expect((await page('/api/v1/settings/preview/invitation_email')).text).toContain('<img src="https://cdn.example.com/lumen.png" alt="Lumen Legal"');
      await api.call('PUT', '/api/v1/settings', { key: KEYS.globexSecond, json: { branding: { logo: LOGO } } });
    });

    it('refuses an unknown language with 422, and shows each key its own settings', async () => {
      for (const path of ['/api/v1/settings/preview/signer_page?language=KLINGON', '/api/v1/settings/preview/invitation_email?language=fr']) {
        const refused = await page(path);
        expect(refused.status).toBe(422);
        expect(JSON.parse(refused.text)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'language', message: expect.stringContaining('EN') }] });
      }
      const other = await page('/api/v1/settings/preview/signer_page', KEYS.globex);
      expect(other.text).toContain('<html lang="en">');
      expect(other.text).not.toContain('Lumen Legal');
      expect(other.text).toContain('--accent: #1d4ed8;');
      expect((await page('/api/v1/settings/preview/signer_page', 'not-a-key')).status).toBe(401);
    });
  });
});
