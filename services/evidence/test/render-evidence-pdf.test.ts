import { findTextTokens } from '@signet/pdf';
import { renderEvidencePdf, utcWithOffset } from '../src/render-evidence-pdf';

const envelope = (language: string, type: string) => ({
  id: 'env-1', name: 'Contrato', status: 'SUCCESS', created_at: '2026-01-02T03:04:05.000Z', completed_at: '2026-01-03T03:04:05.000Z',
  documents: [{ id: 'doc-1', file_name: 'contrato.pdf', page_count: 2, sha256: 'b'.repeat(64), original_sha256: 'a'.repeat(64) }],
  recipients: [{ id: 'rec-1', name: 'Ana Lima', email: 'ana@example.com', signed_at: '2026-01-03T03:04:05.000Z' }],
  settings: { signature_flow: { language }, signature: { type }, branding: { name: 'Acme' }, documents: { custom_page_id: 'Folio' } }
});

const timeline = [{
  event_id: 'e1', event_type: 'recipient.signed_all', occurred_at: new Date('2026-01-03T03:04:05Z'), recipient_id: 'rec-1', recipient_name: 'Ana Lima',
  recipient_email: 'ana@example.com', ip_address: '203.0.113.7', user_agent: 'TestAgent/1.0', details: {}
}];

describe('the evidence PDF', () => {
  it('is in Spanish with the certificate section for a FULL signature', async () => {
    const pdf = await renderEvidencePdf(envelope('ES', 'FULL'), timeline, new Date('2026-01-04T00:00:00Z'));
    const found = await findTextTokens(pdf, ['Hoja', 'Certificado', 'Folio', 'Acme', '203.0.113.7', 'TestAgent/1.0', 'a'.repeat(64), 'b'.repeat(64)]);
    for (const [token, positions] of Object.entries(found)) expect({ token, found: positions.length > 0 }).toEqual({ token, found: true });
  });

  it('is in English without the certificate section for a SIMPLE signature', async () => {
    const pdf = await renderEvidencePdf(envelope('EN', 'SIMPLE'), timeline, new Date('2026-01-04T00:00:00Z'));
    const found = await findTextTokens(pdf, ['Evidence', 'Certificate', 'certificate']);
    expect(found.Evidence?.length).toBeGreaterThan(0);
    expect(found.Certificate).toEqual([]);
    expect(found.certificate).toEqual([]);
  });

  it('draws a data-URL PNG logo as an image XObject, and fetches no URL logo', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const withLogo = (logo: string) => {
      const base = envelope('EN', 'SIMPLE');
      return { ...base, settings: { ...base.settings, branding: { name: 'Acme', logo } } };
    };
    const drawn = await renderEvidencePdf(withLogo(png), timeline, new Date('2026-01-04T00:00:00Z'));
    expect(drawn.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect((await findTextTokens(drawn, ['Acme'])).Acme?.length).toBeGreaterThan(0);
    const linked = await renderEvidencePdf(withLogo('https://cdn.example.com/logo.png'), timeline, new Date('2026-01-04T00:00:00Z'));
    expect(linked.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect((await findTextTokens(linked, ['Acme'])).Acme?.length).toBeGreaterThan(0);
  });

  it('writes UTC times with their offset', () => {
    expect(utcWithOffset('2026-01-02T03:04:05.123Z')).toBe('2026-01-02T03:04:05+00:00');
  });
});
