import type { Disclosure } from '../consumer-consent/disclosure';
import type { SigningState } from '../signing/signing-state';
import type { ValidationGate } from '../validation-client';
import type { PageTexts } from './page-texts';

/** What a finished link (not READY) says beyond its state: what happens next and where the signed copy is. */
export interface PageEnding {
  /** REJECTED by this very recipient: say what their rejection did. */
  rejectedByYou: boolean;
  /** ALREADY_SIGNED and every recipient has signed: the signed PDFs are being built. */
  preparing: boolean;
  /** settings.emails.envelope_signed: the signed copy is emailed. */
  signedEmail: boolean;
  /** COMPLETED: the signed documents, downloadable with the link's token. */
  signedCopies: Array<{ id: string; name: string }>;
}

/** Embedding: the parent origins allowed to frame the page and told of its events, and where to go after signing. */
export interface PageEmbedding {
  origins: string[];
  redirectUrl: string | null;
  envelopeId: string | null;
  recipientId: string | null;
}

/** What the identity steps say about this envelope's checks (the consent text's values and the documents accepted). */
export interface IdentityView {
  /** Who asks: the branding name, else the sender name (`{sender}` of the consent text). */
  sender: string;
  /** How long the photos are kept after the check: the ID check's retention_days (`{days}`). */
  days: number;
  /** The document kinds the envelope accepts (settings.validations.id_check.document_kinds). */
  kinds: string[];
}

export interface SignerPageView {
  texts: PageTexts;
  /** homepage: branding.url_homepage, where the logo (or, with no logo, the name) links to; color: branding.color as `#rrggbb`. */
  brand: { name: string | null; logo: string | null; homepage: string | null; color: string };
  /** The envelope's name; null for a link that opens nothing. */
  title: string | null;
  /** null: the link is unknown, so the page only says so. */
  state: SigningState | null;
  token: string;
  gate: ValidationGate;
  signatureTypes: string[];
  signatureColor: string;
  /** The recipient's name, to pre-fill the typed signature. */
  signerName: string;
  /** The recipient's phone masked (`+34 ••••78`), for the SMS code step; null without a phone. */
  maskedPhone: string | null;
  ending: PageEnding;
  embed: PageEmbedding;
  /** What the recipient does: SIGNER and WITNESS sign, an APPROVER approves (no signature), a VIEWER only reads. */
  role?: string;
  /** signature.level: `qualified` asks for the signing provider's code with the act. */
  signatureLevel?: string;
  /** The identity checks' wording for this envelope (used only while one of their steps is due). */
  identity: IdentityView;
  /**
   * The consumer disclosure, while the recipient of a READY link has yet to consent to it
   * (signature_flow.consumer_consent): the page then shows it alone, nothing of the envelope's documents.
   */
  consumerConsent?: Disclosure;
  /**
   * A preview of the page with a sample envelope (no script runs): no documents to wait for, and the
   * guide's bar shown as it is once they are drawn.
   */
  preview?: true;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
