import PDFDocument from 'pdfkit';
import { formatDateTime, type Language, language as languageOf, translator } from '@signet/i18n';
import { CODE_EVENT, channelOf } from './code-channel';
import { consumerConsentLine } from './consumer-consent-evidence';
import { drawLogo, LOGO_BOX } from './draw-logo';
import type { Logo } from './logo';
import { actedAtLabel, roleLines, writeFieldsSection } from './evidence-fields';
import type { EnvelopeIdentity } from './identity-client';
import { identityByRecipient, identityNeeded, type IdentitySectionWriter, writeIdentityBlock } from './identity-evidence';
import { scriptText } from './script-text';
import { writeSignaturesSection } from './signature-evidence';
import type { EnvelopeSignatures } from './signatures-client';
import type { TimelineEntry } from './timeline-store';

type Obj = Record<string, unknown>;

const ACT_EVENTS = ['recipient.signed_all', 'recipient.approved', 'recipient.witnessed', 'recipient.viewed'];

const LABEL_KEYS = [
  'title', 'envelope', 'envelopeId', 'name', 'status', 'created', 'sent', 'completed', 'documents', 'documentId', 'pages', 'originalHash',
  'signedHash', 'recipients', 'email', 'taxId', 'repId', 'authentication', 'ip', 'userAgent', 'signedAt', 'rejectedAt', 'reason', 'timeline',
  'certificate', 'certificateIntro', 'signatureType', 'generated', 'branding', 'emailLink', 'emailCode'
] as const;

type Labels = Record<(typeof LABEL_KEYS)[number], string> & { codeVerified: { email: string; sms: string } };

/** The sheet's words in a language, from the message catalogue. */
function labelsIn(language: Language): Labels {
  const t = translator(language);
  const labels = Object.fromEntries(LABEL_KEYS.map((key) => [key, t(`evidence.${key}`)])) as Record<(typeof LABEL_KEYS)[number], string>;
  return { ...labels, codeVerified: { email: t('evidence.codeVerified.email'), sms: t('evidence.codeVerified.sms') } };
}

function labelOr(label: unknown, fallback: string): string {
  return typeof label === 'string' && label.trim() !== '' ? label : fallback;
}

/**
 * How the recipient was authenticated: the signing link, and each channel whose code they verified with
 * when (`Email link; email code verified ...; SMS code verified ...`); without a verified code, what the
 * settings asked for.
 */
function authenticationOf(own: TimelineEntry[], labels: Labels, fallback: string, time: (value: unknown) => string): string {
  const verified = own.filter((entry) => entry.event_type === 'recipient.validation_code_success');
  if (verified.length === 0) return fallback;
  return [labels.emailLink, ...verified.map((entry) => `${labels.codeVerified[channelOf(entry)]} ${time(entry.occurred_at)}`)].join('; ');
}

/** A UTC time with its offset, as the API writes times: 2025-01-02T03:04:05+00:00. */
export function utcWithOffset(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * Times as the sheet writes them: English and Spanish as they always were (2025-01-02T03:04:05+00:00,
 * as the API writes them), every other language its own way, the zone named.
 */
function timeIn(language: Language): (value: unknown) => string {
  if (language.key === 'en' || language.key === 'es') return utcWithOffset;
  return (value) => {
    const iso = utcWithOffset(value);
    return iso === '-' || Number.isNaN(Date.parse(iso)) ? iso : formatDateTime(language, new Date(iso), { seconds: true });
  };
}

function text(value: unknown): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

/** How far each nesting level of the Identity checks block is moved in from the margin, in points. */
const LEVEL_INSET = 12;

/**
 * Renders the evidence sheet of a SUCCESS envelope from its snapshot and timeline, with the branding
 * logo, the recipients' identity records and the documents' signatures already loaded (rendering makes
 * no outbound calls). Refuses to render without identity records when the envelope has identity checks:
 * a sheet never silently lacks them. The generator always passes the signatures; without them (tests of
 * the other sections) the Signatures section is left out.
 */
export async function renderEvidencePdf(
  envelope: Obj, timeline: TimelineEntry[], generatedAt: Date, logo: Logo | null, identity: EnvelopeIdentity | null = null, signatures: EnvelopeSignatures | null = null
): Promise<Buffer> {
  if (identity === null && identityNeeded(envelope, timeline)) {
    throw new Error(`the identity records of envelope ${text(envelope.id)} are needed to render its evidence sheet`);
  }
  const settings = (envelope.settings ?? {}) as Obj;
  const flow = (settings.signature_flow ?? {}) as Obj;
  // The sheet records the envelope, for everyone: in the envelope's language.
  const language = languageOf(typeof flow.language === 'string' ? flow.language : 'EN');
  const l = labelsIn(language);
  const time = timeIn(language);
  const align = language.direction === 'rtl' ? 'right' : undefined;
  const branding = (settings.branding ?? {}) as Obj;
  // The label the signed pages carry before the Document ID (settings.documents.custom_page_id).
  const documentsSettings = (settings.documents ?? {}) as Obj;
  const documentIdLabel = typeof documentsSettings.custom_page_id === 'string' && documentsSettings.custom_page_id !== '' ? documentsSettings.custom_page_id : l.documentId;
  const signatureType = text(((settings.signature ?? {}) as Obj).type);
  const validations = (settings.validations ?? {}) as Obj;
  const emailValidation = ((validations.email ?? {}) as Obj).enabled;
  const authentication = emailValidation === true || emailValidation === 'true' ? l.emailCode : l.emailLink;

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${l.title} ${text(envelope.id)}`, Producer: 'Signet' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const script = scriptText(doc);
  // Right to left, every line starts at the right margin.
  const write: typeof script.write = (line, options = {}) => script.write(line, { ...(align ? { align } : {}), ...options });
  const heading = (title: string) => {
    doc.moveDown(0.8).fontSize(13);
    write(title, { bold: true });
    doc.moveDown(0.3).fontSize(9);
  };
  // A label may end in its own colon (custom_page_id is often "Sign ID:"): one colon either way.
  const field = (label: string, value: unknown, inset = 0) => {
    write([{ text: `${label.replace(/\s*:\s*$/, '')}: `, bold: true }, { text: text(value) }], { inset });
  };
  // Right to left, each value of the identity block is an isolate taking its direction from its own first
  // letter: a date (2031-05-01) or a masked number (******123) then reads left to right as written, where
  // the line's direction would reverse its groups.
  const isolated = (value: unknown) => (align ? `\u2068${text(value)}\u2069` : value);
  const identityWriter: IdentitySectionWriter = {
    line: (line, { bold, level = 0 } = {}) => write(line, { bold, inset: level * LEVEL_INSET }),
    field: (label, value, level = 0) => field(label, isolated(value), level * LEVEL_INSET),
    below: (label, value, level = 0) => {
      write(`${label.replace(/\s*:\s*$/, '')}:`, { bold: true, inset: level * LEVEL_INSET });
      write(String(isolated(value)), { inset: (level + 1) * LEVEL_INSET });
    },
    time
  };
  const recipientList = (envelope.recipients ?? []) as Obj[];
  const identityOf = identityByRecipient(identity, recipientList.map((recipient) => recipient.id));

  if (logo) {
    try {
      drawLogo(doc, logo, doc.page.margins.left, doc.y);
      doc.y += LOGO_BOX.height + 6;
    } catch {
      // An unreadable image is left out; the branding name still identifies the issuer.
    }
  }
  doc.fontSize(18);
  write(l.title, { bold: true });
  doc.fontSize(9);
  if (branding.name) field(l.branding, branding.name);
  field(l.generated, time(generatedAt));

  heading(l.envelope);
  field(l.envelopeId, envelope.id);
  field(l.name, envelope.name);
  field(l.status, envelope.status);
  field(l.created, time(envelope.created_at));
  field(l.sent, time(envelope.sent_at));
  field(l.completed, time(envelope.completed_at));
  field(l.signatureType, signatureType);

  heading(l.documents);
  for (const document of (envelope.documents ?? []) as Obj[]) {
    write(text(document.file_name), { bold: true });
    field(documentIdLabel, document.id);
    field(l.pages, document.page_count);
    field(l.originalHash, document.original_sha256 ?? document.sha256);
    field(l.signedHash, document.sha256);
    doc.moveDown(0.4);
  }
  if (signatures) writeSignaturesSection(signatures, language, { ...identityWriter, heading });

  heading(l.recipients);
  for (const recipient of (envelope.recipients ?? []) as Obj[]) {
    const own = timeline.filter((entry) => entry.recipient_id === recipient.id);
    // A recipient's act by role: signed (SIGNER), approved, witnessed, viewed.
    const signed = own.find((entry) => ACT_EVENTS.includes(entry.event_type));
    const rejected = own.find((entry) => entry.event_type === 'recipient.rejected');
    const last = signed ?? rejected ?? [...own].reverse().find((entry) => entry.ip_address !== null);
    const extra = (last?.details ?? {}) as Obj;
    write(text(recipient.name), { bold: true });
    field(l.email, recipient.email);
    for (const [label, value] of roleLines(recipient, (envelope.recipients ?? []) as Obj[], language)) field(label, value);
    // The integrator's own labels (a RUT, a CUIT...) name the ids as they know them.
    field(labelOr(recipient.tax_label, l.taxId), recipient.tax_id ?? extra.tax_id);
    field(labelOr(recipient.rep_label, l.repId), recipient.rep_id ?? extra.rep_id);
    field(l.authentication, authenticationOf(own, l, authentication, time));
    const consent = consumerConsentLine(own, language, time);
    if (consent) field(...consent);
    field(l.ip, last?.ip_address);
    field(l.userAgent, last?.user_agent);
    if (rejected) {
      field(l.rejectedAt, time(rejected.occurred_at));
      field(l.reason, rejected.details.reason);
    } else {
      field(actedAtLabel(recipient, language, l.signedAt), time(recipient.signed_at ?? signed?.occurred_at));
    }
    const record = identityOf.of(recipient.id);
    if (record) writeIdentityBlock(record, language, identityWriter);
    doc.moveDown(0.4);
  }
  // Records of a recipient the envelope no longer lists are shown under its id, never dropped.
  for (const record of identityOf.unlisted) {
    write(translator(language)('identity.evidence.recipient', { id: record.recipient_id }), { bold: true });
    writeIdentityBlock(record, language, identityWriter);
    doc.moveDown(0.4);
  }

  writeFieldsSection(envelope, language, { heading, field, time });

  heading(l.timeline);
  for (const entry of timeline) {
    const who = entry.recipient_name ? `${entry.recipient_name} <${text(entry.recipient_email)}>` : l.envelope;
    const where = entry.ip_address ? ` - ${entry.ip_address}${entry.user_agent ? ` - ${entry.user_agent}` : ''}` : '';
    // The channel of a code (email or SMS); the identity checks' events have none.
    const channel = CODE_EVENT.test(entry.event_type) ? ` (${channelOf(entry)})` : '';
    write(`${time(entry.occurred_at)}  ${entry.event_type}${channel}  ${who}${where}`);
  }

  if (signatureType === 'FULL') {
    heading(l.certificate);
    write(l.certificateIntro);
    doc.moveDown(0.3);
    for (const document of (envelope.documents ?? []) as Obj[]) {
      field(l.documentId, document.id);
      field(l.signedHash, document.sha256);
    }
    for (const recipient of (envelope.recipients ?? []) as Obj[]) {
      field(l.name, `${text(recipient.name)} <${text(recipient.email)}> ${actedAtLabel(recipient, language, l.signedAt)} ${time(recipient.signed_at)}`);
    }
  }

  doc.end();
  return done;
}
