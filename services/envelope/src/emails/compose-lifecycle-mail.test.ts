import type { Settings } from '@signet/contracts';
import { composeLifecycleMail, type LifecycleMail } from './compose-lifecycle-mail';

/** The settings fields the emails read. */
const settings = (logo: string | null, homepage: string | null = null) => ({
  branding: { name: 'Acme <Legal>', logo, url_homepage: homepage, sender_email: null, reply_to: null },
  signature_flow: { language: 'EN', sender_name: 'Acme' }
}) as unknown as Settings;

const mail = (overrides: Partial<LifecycleMail> = {}): LifecycleMail => ({
  kind: 'INVITATION', to: 'ana@example.com', values: { recipientName: '<Ana>', envelopeName: 'a&b.pdf' }, settings: settings(null),
  defaultFrom: 'no-reply@signet.localhost', bounceToken: 'mail.sig', actionUrl: 'https://signet.example/email/v1/links/t', ...overrides
});

describe('composeLifecycleMail', () => {
  it('escapes names in the HTML and keeps them intact in the text', () => {
    const message = composeLifecycleMail(mail());
    expect(message.html).toContain('Hello &lt;Ana&gt;,');
    expect(message.html).toContain('&quot;a&amp;b.pdf&quot;');
    expect(message.html).not.toContain('<Ana>');
    // The subject is the HTML's title too: readers that show the HTML alone (and screen readers) name it by it.
    expect(message.html).toContain('<title>Acme sent you &quot;a&amp;b.pdf&quot; to sign</title>');
    expect(message.text).toContain('Hello <Ana>,');
    expect(message.text).toContain('Review and sign: https://signet.example/email/v1/links/t');
    expect(message).toMatchObject({ from: 'no-reply@signet.localhost', fromName: 'Acme', replyTo: null, headers: { 'X-Signet-Bounce': 'mail.sig' } });
  });

  it('asks an approver to approve and a viewer to read, never to sign', () => {
    const approver = composeLifecycleMail(mail({ values: { recipientName: 'Ana', envelopeName: 'NDA', role: 'APPROVER' } }));
    expect(approver.subject).toBe('Acme sent you "NDA" to approve');
    expect(approver.text).toContain('Review and approve: https://signet.example/email/v1/links/t');
    const viewer = composeLifecycleMail(mail({ values: { recipientName: 'Ana', envelopeName: 'NDA', role: 'VIEWER' } }));
    expect(viewer.subject).toBe('Acme shared "NDA" with you to read');
    expect(`${approver.text} ${viewer.text}`).not.toMatch(/\bsign\b/i);
  });

  it('shows an https logo and leaves a data URL logo out for the branding name', () => {
    expect(composeLifecycleMail(mail({ settings: settings('https://cdn.example.com/logo.png') })).html).toContain('<img src="https://cdn.example.com/logo.png"');
    const withDataLogo = composeLifecycleMail(mail({ settings: settings('data:image/png;base64,AAAA') })).html;
    expect(withDataLogo).not.toContain('data:image');
    expect(withDataLogo).toContain('<strong>Acme &lt;Legal&gt;</strong>');
  });

  it('links the logo to branding.url_homepage, escaped, and nothing without it', () => {
    const linked = composeLifecycleMail(mail({ settings: settings('https://cdn.example.com/logo.png', 'https://acme.example/?a=1&b="2"') })).html;
    expect(linked).toContain('<p style="padding-bottom:10px;border-bottom:4px solid #1d4ed8"><a href="https://acme.example/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8">'
      + '<img src="https://cdn.example.com/logo.png" alt="Acme &lt;Legal&gt;"');
    expect(linked).not.toContain('b="2"');
    const unlinked = composeLifecycleMail(mail({ settings: settings('https://cdn.example.com/logo.png') })).html;
    expect(unlinked).toContain('<p style="padding-bottom:10px;border-bottom:4px solid #1d4ed8"><img src="https://cdn.example.com/logo.png"');
    expect(unlinked).not.toContain('acme.example');
  });

  it('links the branding name instead when no logo is shown (none, or a data URL)', () => {
    for (const logo of [null, 'data:image/png;base64,AAAA']) {
      const html = composeLifecycleMail(mail({ settings: settings(logo, 'https://acme.example/') })).html;
      expect(html).toContain('<p style="padding-bottom:10px;border-bottom:4px solid #1d4ed8"><a href="https://acme.example/" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8"><strong>Acme &lt;Legal&gt;</strong></a></p>');
    }
  });

  it('is from the branding name, in the From header and the text, while sender_name is left at its default; a set sender_name wins', () => {
    const branded = { ...settings(null, 'https://acme.example/'), signature_flow: { language: 'ES', sender_name: 'Signet' } } as unknown as Settings;
    const message = composeLifecycleMail(mail({ settings: branded }));
    expect(message.fromName).toBe('Acme <Legal>');
    expect(message.subject).toBe('Acme <Legal> le envió "a&b.pdf" para firmar');
    expect(message.text).toContain('Acme <Legal> le pide revisar y firmar "a&b.pdf".');
    expect(message.text).not.toContain('Signet');
    expect(message.text).toContain('Acme <Legal>: https://acme.example/');
    expect(message.html).toContain('<a href="https://acme.example/" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8">Acme &lt;Legal&gt;</a></p>');
    const unbranded = { ...branded, branding: { ...branded.branding, name: null } } as Settings;
    expect(composeLifecycleMail(mail({ settings: unbranded })).fromName).toBe('Signet');
    expect(composeLifecycleMail(mail()).fromName).toBe('Acme');
  });

  it('writes in the recipient\'s own language over the envelope\'s, and mirrors an Arabic email', () => {
    const french = composeLifecycleMail(mail({ language: 'FR' }));
    expect(french.subject).toBe('Acme vous a envoyé « a&b.pdf » à signer');
    expect(french.html).toContain('<html lang="fr">');
    expect(french.text).toContain('Relire et signer: https://signet.example/email/v1/links/t');
    const signed = composeLifecycleMail(mail({ kind: 'SIGNED', language: 'PL', documents: [{ name: 'a.pdf', url: 'https://x.example/a' }] }));
    expect(signed.text).toContain('Podpisane dokumenty można pobierać przez 7 dni z poniższych linków.');
    const arabic = composeLifecycleMail(mail({ language: 'AR' }));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.subject).toBe('أرسل إليك Acme «a&b.pdf» للتوقيع');
  });

  it('draws the header rule, the button and the links in branding.color, with text that reads on it', () => {
    const colored = (color: string | undefined) => ({ ...settings(null, 'https://acme.example/'), branding: { ...settings(null, 'https://acme.example/').branding, color } }) as Settings;
    const dark = composeLifecycleMail(mail({ settings: colored('#0A7') })).html;
    expect(dark).toContain('border-bottom:4px solid #00aa77');
    expect(dark).toContain('background:#00aa77;color:#111111');
    const deep = composeLifecycleMail(mail({ settings: colored('#5b21b6'), kind: 'SIGNED', documents: [{ name: 'a.pdf', url: 'https://x.example/a' }] })).html;
    expect(deep).toContain('<a href="https://x.example/a" style="color:#5b21b6">a.pdf</a>');
    const pale = composeLifecycleMail(mail({ settings: colored('#fde047') })).html;
    expect(pale).toContain('background:#fde047;color:#111111');
    // Too pale for text on white: the links keep the default accent.
    expect(pale).toContain('target="_blank" rel="noopener noreferrer" style="color:#1d4ed8"');
    // Settings stored before branding.color: the default accent, white on it.
    expect(composeLifecycleMail(mail({ settings: colored(undefined) })).html).toContain('background:#1d4ed8;color:#ffffff');
  });
});
