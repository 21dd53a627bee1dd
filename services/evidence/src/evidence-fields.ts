import { translator, type Language } from '@signet/i18n';

type Obj = Record<string, unknown>;

/** How a value reads on the sheet: as the API gives it, a tick box as yes or no, a file by its name. */
function valueText(field: Obj, yesNo: { yes: string; no: string }): string {
  const value = field.value;
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'object') return String((value as Obj).name ?? '-');
  return String(value);
}

export interface FieldsSectionWriter {
  heading(title: string): void;
  field(label: string, value: unknown): void;
  time(value: unknown): string;
}

/**
 * The sheet's Fields section: every field of the envelope with its value, who filled it and when, and
 * for an uploaded file its SHA-256 (the download the envelope links to has that hash). Nothing when the
 * envelope has no fields.
 */
export function writeFieldsSection(envelope: Obj, language: Language, writer: FieldsSectionWriter): void {
  const fields = Array.isArray(envelope.fields) ? (envelope.fields as Obj[]) : [];
  if (fields.length === 0) return;
  const t = translator(language);
  const recipients = new Map(((envelope.recipients ?? []) as Obj[]).map((recipient) => [recipient.id, recipient]));
  const yesNo = { yes: t('fields.checkbox.yes'), no: t('fields.checkbox.no') };
  writer.heading(t('fields.evidence.heading'));
  for (const field of fields) {
    const who = recipients.get(field.recipient_id);
    const filled = field.filled_at ? ` (${t('fields.evidence.filledBy', { name: String(who?.name ?? '-'), when: writer.time(field.filled_at) })})` : '';
    writer.field(`${String(field.name)} [${String(field.type)}]`, `${valueText(field, yesNo)}${filled}`);
    const value = field.value;
    if (value !== null && typeof value === 'object' && typeof (value as Obj).sha256 === 'string') {
      writer.field(`    ${t('fields.evidence.attachmentHash')}`, (value as Obj).sha256);
    }
  }
}

/** A recipient's role line (SIGNER unless given), and whose signature a WITNESS witnessed. */
export function roleLines(recipient: Obj, recipients: Obj[], language: Language): Array<[string, string]> {
  const t = translator(language);
  const role = typeof recipient.role === 'string' ? recipient.role : 'SIGNER';
  const lines: Array<[string, string]> = [[t('fields.evidence.role'), t(`fields.role.${role}` as 'fields.role.SIGNER')]];
  if (role === 'WITNESS') {
    const signer = recipients.find((candidate) => candidate.custom_key === recipient.witness_of);
    lines.push([t('fields.role.WITNESS'), t('fields.evidence.witnessOf', { name: String(signer?.name ?? recipient.witness_of ?? '-') })]);
  }
  return lines;
}

/** The label of when a recipient acted: signed for a SIGNER, approved, witnessed, viewed or copied for the other roles. */
export function actedAtLabel(recipient: Obj, language: Language, signedAt: string): string {
  const role = typeof recipient.role === 'string' ? recipient.role : 'SIGNER';
  if (role === 'SIGNER') return signedAt;
  return translator(language)(`fields.evidence.actedAt.${role}` as 'fields.evidence.actedAt.APPROVER');
}
