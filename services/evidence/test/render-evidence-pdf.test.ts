import { inflateSync } from 'node:zlib';
import { findTextTokens } from '@signet/pdf';
import { pdftotext } from '@signet/testkit';
import type { Logo } from '../src/logo';
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

/** Latin with Polish letters, Chinese, Korean Hangul, Japanese kana, Greek and Cyrillic: every face the sheet falls back on. */
const EVERY_SCRIPT = 'Łukasz Żółć 王伟 김민준 さくら Ελένη Дмитрий';

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Every Flate stream of the PDF inflated and joined: the drawing operators pdfkit wrote. */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(match[1] as string, 'latin1')).toString('latin1'));
    } catch {
      // Not deflated (or not a content stream): nothing to read there.
    }
  }
  return streams.join('\n');
}

describe('the evidence PDF', () => {
  it('writes names in any script as real text, with subset fonts, and one colon after a label that has its own', async () => {
    const named = envelope('EN', 'FULL');
    named.recipients = [{ id: 'rec-1', name: EVERY_SCRIPT, email: 'lukasz@example.com', signed_at: '2026-01-03T03:04:05.000Z' }];
    named.settings.documents.custom_page_id = 'Signet Sign ID:';
    const greek = [{ ...timeline[0]!, recipient_name: 'Αλέξης Дмитрий' }];
    const pdf = await renderEvidencePdf(named, greek, new Date('2026-01-04T00:00:00Z'), null);
    const extracted = pdftotext(pdf);
    expect(extracted).toContain(EVERY_SCRIPT);
    expect(extracted).toContain('Αλέξης Дмитрий');
    expect(extracted).toContain('Signet Sign ID: doc-1');
    expect(extracted).not.toContain('Sign ID::');
    // Subsets: the Chinese file alone is 1.5 MB and the Korean 0.8 MB, the sheet stays small.
    expect(pdf.length).toBeLessThan(150_000);
    expect(pdf.toString('latin1')).not.toContain('/BaseFont /Helvetica');
  });

  it('is in Spanish with the certificate section for a FULL signature', async () => {
    const pdf = await renderEvidencePdf(envelope('ES', 'FULL'), timeline, new Date('2026-01-04T00:00:00Z'), null);
    const found = await findTextTokens(pdf, ['Hoja', 'Certificado', 'Folio', 'Acme', '203.0.113.7', 'TestAgent/1.0', 'a'.repeat(64), 'b'.repeat(64)]);
    for (const [token, positions] of Object.entries(found)) expect({ token, found: positions.length > 0 }).toEqual({ token, found: true });
  });

  it('is in English without the certificate section for a SIMPLE signature', async () => {
    const pdf = await renderEvidencePdf(envelope('EN', 'SIMPLE'), timeline, new Date('2026-01-04T00:00:00Z'), null);
    const found = await findTextTokens(pdf, ['Evidence', 'Certificate', 'certificate']);
    expect(found.Evidence?.length).toBeGreaterThan(0);
    expect(found.Certificate).toEqual([]);
    expect(found.certificate).toEqual([]);
  });

  it('draws a PNG logo as an image XObject and an SVG logo as vector paths, beside the branding name', async () => {
    const png: Logo = { format: 'png', bytes: Buffer.from(ONE_PIXEL_PNG, 'base64') };
    const svg: Logo = { format: 'svg', svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><circle cx="50" cy="50" r="40" fill="#ff0000"/></svg>' };
    const withName = envelope('EN', 'SIMPLE');

    const raster = await renderEvidencePdf(withName, timeline, new Date('2026-01-04T00:00:00Z'), png);
    expect(raster.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect((await findTextTokens(raster, ['Acme'])).Acme?.length).toBeGreaterThan(0);

    const vector = await renderEvidencePdf(withName, timeline, new Date('2026-01-04T00:00:00Z'), svg);
    expect(vector.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    // The circle: red fill colour ("1 0 0 scn"), Bezier curves ("c"), filled ("f"), scaled by half into 100x50.
    expect(contentStreams(vector)).toMatch(/0\.5 0 0 0\.5 0 0 cm\n[\s\S]*1 0 0 scn\n[\s\S]* c\n[\s\S]*\nf\n/);
    expect((await findTextTokens(vector, ['Acme'])).Acme?.length).toBeGreaterThan(0);

    const none = await renderEvidencePdf(withName, timeline, new Date('2026-01-04T00:00:00Z'), null);
    expect(contentStreams(none)).not.toMatch(/ c\n/);
  });

  it('writes UTC times with their offset', () => {
    expect(utcWithOffset('2026-01-02T03:04:05.123Z')).toBe('2026-01-02T03:04:05+00:00');
  });

  it('names each channel whose code the recipient verified, and when', async () => {
    const verified = (channel: string | undefined, at: string) => ({
      ...(timeline[0] as (typeof timeline)[number]), event_id: `v-${at}`, event_type: 'recipient.validation_code_success', occurred_at: new Date(at),
      details: { validation: channel === undefined ? { status: 'VERIFIED' } : { status: 'VERIFIED', channel } }
    });
    const pdf = await renderEvidencePdf(envelope('EN', 'SIMPLE'), [verified(undefined, '2026-01-03T01:00:00Z'), verified('sms', '2026-01-03T02:00:00Z'), ...timeline], new Date('2026-01-04T00:00:00Z'), null);
    const found = await findTextTokens(pdf, ['email code verified', 'SMS code verified', '2026-01-03T02:00:00+00:00', 'recipient.validation_code_success (sms)']);
    for (const [token, positions] of Object.entries(found)) expect({ token, found: positions.length > 0 }).toEqual({ token, found: true });
  });
});
