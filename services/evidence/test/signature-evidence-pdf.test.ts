import { LANGUAGES, translate } from '@signet/i18n';
import { pdftotext, pdftotextWords } from '@signet/testkit';
import { renderEvidencePdf } from '../src/render-evidence-pdf';
import type { EnvelopeSignatures } from '../src/signatures-client';

const POLICY = '2.25.212312045381440610123848992234486344912.1.1';
const SEAL = 'Signet Development Seal — not for production';
const TSA = 'Signet Development TSA — not for production';

const envelope = (language: string) => ({
  id: 'env-levels', name: 'Lease', status: 'SUCCESS', created_at: '2026-01-02T03:04:05.000Z', completed_at: '2026-01-03T03:04:05.000Z',
  documents: [{ id: 'doc-1', file_name: 'lease.pdf', page_count: 2, sha256: 'b'.repeat(64), original_sha256: 'a'.repeat(64) }],
  recipients: [{ id: 'rec-1', name: 'Ana Lima', email: 'ana@example.com', signed_at: '2026-01-03T03:04:05.000Z' }],
  settings: { signature_flow: { language }, signature: { type: 'SIMPLE' } }
});

type Signature = EnvelopeSignatures['documents'][number]['signatures'][number];

const signature = (level: Signature['level'], commonName: string, issuer: string, trusted = true): Signature => ({
  kind: level === null ? 'document_timestamp' : 'signature', level, sub_filter: level === null ? 'ETSI.RFC3161' : 'ETSI.CAdES.detached',
  signer: {
    common_name: commonName, subject: `CN=${commonName}, serialNumber=rec-1`, issuer, serial_number: '01',
    not_before: '2026-01-03T03:03:05.000Z', not_after: '2026-01-03T03:14:05.000Z', policies: []
  },
  claimed_signing_time: null, timestamped_time: '2026-01-03T03:04:05.000Z', pades_level: level === null ? null : 'B-LTA',
  integrity: { valid: true, problem: null }, chain_trusted: trusted, modified_after_signing: false, modification: null
});

const signatures = (level: EnvelopeSignatures['level'], signers: Signature[]): EnvelopeSignatures => ({
  envelope_id: 'env-levels', level,
  documents: [{ id: 'doc-1', file_name: 'lease.pdf', signatures: [...signers, signature('seal', SEAL, 'CN=Signet Development CA'), signature(null, TSA, 'CN=Signet Development CA')] }],
  trust_anchors: ['CN=Signet Development CA', 'CN=Signet Development Signer CA'],
  act_keys: level === 'advanced' ? { storage: 'memory', certificate_minutes: 10, policy_oid: POLICY } : null
});

/** The sheet's plain text, lines joined where pdfkit wrapped them, so a sentence reads whole. */
async function sheetText(language: string, listed: EnvelopeSignatures): Promise<string> {
  const pdf = await renderEvidencePdf(envelope(language), [], new Date('2026-01-04T00:00:00Z'), null, null, listed);
  return pdftotext(pdf).replace(/\s*\n\s*/g, ' ');
}

describe('the Signatures section of the evidence sheet', () => {
  it('lists each signature of an advanced envelope with its level in words, certificate and chain, and states the basis of sole control', async () => {
    const text = await sheetText('EN', signatures('advanced', [signature('AdES', 'Ana Lima', 'CN=Signet Development Signer CA')]));
    expect(text).toContain('1. Advanced electronic signature: Ana Lima');
    expect(text).toContain('Certificate subject: CN=Ana Lima, serialNumber=rec-1');
    expect(text).toContain('Certificate issuer: CN=Signet Development Signer CA');
    expect(text).toContain(`2. Signet’s seal: ${SEAL}`);
    expect(text).toContain(`3. Document timestamp: ${TSA}`);
    expect(text).toContain('Time from the timestamp: 2026-01-03T03:04:05+00:00');
    expect(text.split('Certificate chain: trusted by Signet’s trust anchors')).toHaveLength(4);
    expect(text).toContain('Sole control of the signing keys');
    expect(text).toContain('Each signer’s key was generated for their act alone, in memory;');
    expect(text).toContain(`valid for 10 minutes, under certificate policy ${POLICY}.`);
  });

  it('says a chain is not trusted, and names a key in the HSM', async () => {
    const listed = signatures('advanced', [signature('AdES', 'Ana Lima', 'CN=Someone Else', false)]);
    const text = await sheetText('EN', { ...listed, act_keys: { storage: 'hsm', certificate_minutes: 10, policy_oid: POLICY } });
    expect(text).toContain('Certificate chain: not trusted by Signet’s trust anchors');
    expect(text).toContain('inside Signet’s hardware security module (HSM)');
  });

  it('states the provider\'s authorization for a qualified envelope, in the sheet\'s language', async () => {
    const text = await sheetText('ES', signatures('qualified', [signature('QES', 'Ana Lima', 'CN=Provider CA', false)]));
    expect(text).toContain('1. Firma electrónica cualificada: Ana Lima');
    expect(text).toContain(`2. Sello de Signet: ${SEAL}`);
    expect(text).toContain('Control exclusivo de las claves de firma');
    expect(text).toContain('autorizada por el código de un solo uso que el proveedor le envió');
  });

  it('lists the seal and the document timestamp alone for a seal envelope, with no sole-control statement', async () => {
    const text = await sheetText('EN', signatures('seal', []));
    expect(text).toContain(`1. Signet’s seal: ${SEAL}`);
    expect(text).toContain(`2. Document timestamp: ${TSA}`);
    expect(text).not.toContain('3.');
    expect(text).not.toContain('Sole control');
  });

  it('writes the section right to left in Arabic, the statement whole', async () => {
    const arabic = LANGUAGES.find((language) => language.code === 'AR')!;
    const pdf = await renderEvidencePdf(envelope('AR'), [], new Date('2026-01-04T00:00:00Z'), null, null, signatures('advanced', [signature('AdES', 'Ana Lima', 'CN=Signet Development Signer CA')]));
    // Words in reading order (a line with Arabic is one word, from its /ActualText), joined.
    const text = pdftotextWords(pdf).map((word) => word.text).join(' ');
    for (const message of ['evidence.signatures.heading', 'evidence.signatures.level.AdES', 'evidence.signatures.soleControl'] as const) {
      expect(text).toContain(translate(arabic, message));
    }
    expect(text).toContain(POLICY);
  });

  // Rendering a whole sheet in Chinese, Japanese or Korean takes seconds each: the statement's formatting is checked without it.
  it.each(LANGUAGES.map((language) => [language.code, language] as const))('formats the sole-control statements in %s', (_code, language) => {
    const advanced = translate(language, 'evidence.signatures.soleControl.advanced', { storage: 'hsm', minutes: 10, policy: POLICY });
    expect(advanced).toContain(POLICY);
    expect(advanced).toContain('HSM');
    expect(advanced).toMatch(/10/);
    expect(advanced).not.toMatch(/[{}#]/);
    expect(translate(language, 'evidence.signatures.soleControl.advanced', { storage: 'memory', minutes: 1, policy: POLICY })).not.toContain('HSM');
    expect(translate(language, 'evidence.signatures.soleControl.qualified')).toMatch(/Signet/);
  });
});
