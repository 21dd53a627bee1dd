import { type Language, type MessageKey, translator } from '@signet/i18n';
import type { EnvelopeSignatures } from './signatures-client';

type Signature = EnvelopeSignatures['documents'][number]['signatures'][number];

export interface SignaturesSectionWriter {
  heading(title: string): void;
  line(text: string, options?: { bold?: boolean; level?: number }): void;
  field(label: string, value: unknown, level?: number): void;
  time(value: unknown): string;
}

/** What a signature is, in words: Signet's seal, an advanced or qualified electronic signature, or a document timestamp. */
function kindOf(signature: Signature, l: (key: string) => string): string {
  return signature.level === null ? l('documentTimestamp') : l(`level.${signature.level}`);
}

function writeSignature(signature: Signature, number: number, l: (key: string) => string, writer: SignaturesSectionWriter): void {
  writer.field(`${number}. ${kindOf(signature, l)}`, signature.signer?.common_name ?? signature.signer?.subject, 1);
  writer.field(l('subject'), signature.signer?.subject, 2);
  writer.field(l('issuer'), signature.signer?.issuer, 2);
  if (signature.timestamped_time) writer.field(l('timestamped'), writer.time(signature.timestamped_time), 2);
  else writer.field(l('claimed'), writer.time(signature.claimed_signing_time), 2);
  writer.field(l('integrity'), signature.integrity.valid ? l('intact') : l('broken'), 2);
  writer.field(l('chain'), signature.chain_trusted ? l('trusted') : l('untrusted'), 2);
}

/**
 * The sheet's Signatures section: each signed document with every signature in it, oldest first (the
 * signers', the seal, the document timestamps), as the envelope part judged them when the sheet was
 * rendered; the trust anchors; then the basis of sole control for an advanced or qualified envelope.
 */
export function writeSignaturesSection(signatures: EnvelopeSignatures, language: Language, writer: SignaturesSectionWriter): void {
  const t = translator(language);
  const l = (key: string, values?: Record<string, string | number>) => t(`evidence.signatures.${key}` as MessageKey, values);
  writer.heading(l('heading'));
  writer.line(l('intro'));
  for (const document of signatures.documents) {
    writer.line(document.file_name, { bold: true });
    document.signatures.forEach((signature, index) => writeSignature(signature, index + 1, l, writer));
  }
  writer.line(l('anchors'), { bold: true });
  for (const anchor of signatures.trust_anchors) writer.line(anchor, { level: 1 });
  const statement = soleControlOf(signatures, l);
  if (statement === null) return;
  writer.line(l('soleControl'), { bold: true });
  writer.line(statement);
}

/** Why each signer alone controlled their key: for advanced, how the act's key was made, used and destroyed; for qualified, the provider's authorization. */
function soleControlOf(signatures: EnvelopeSignatures, l: (key: string, values?: Record<string, string | number>) => string): string | null {
  const { level, act_keys: keys } = signatures;
  if (level === 'advanced' && keys) return l('soleControl.advanced', { storage: keys.storage, minutes: keys.certificate_minutes, policy: keys.policy_oid });
  return level === 'qualified' ? l('soleControl.qualified') : null;
}
