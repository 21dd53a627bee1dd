import type { LanguageCode } from '@signet/i18n';

/**
 * A recipient's signature as captured by the signing ceremony. DRAWN and UPLOADED arrive as PNG or JPG
 * bytes; WRITTEN is the typed text, drawn in a handwriting font so it stays text in the PDF.
 */
export type Signature =
  | { type: 'DRAWN' | 'UPLOADED'; image: Uint8Array }
  | { type: 'WRITTEN'; text: string }
  /** An APPROVER's act: no signature, the word "Approved" in the box, and "Approved <time>" under it. */
  | { type: 'APPROVED' };

export type PlacementType = 'SIGNATURE' | 'APPROVAL' | 'WITNESS';

/**
 * `signature.style` of the envelope: SIMPLE (the signature over a rule, captioned with the placement
 * type, the name and the time) or FULL (the signature box framed, and the signer's email added).
 */
export type StampStyle = 'SIMPLE' | 'FULL';

/** Language of the words this library adds (captions, field names): an API code of @signet/i18n (EN, ES, FR, ... AR). */
export type StampLanguage = LanguageCode;

export interface SignedRecipient {
  name: string;
  email: string;
  signedAt: Date;
  signature: Signature;
}

/**
 * A placement resolved to a position (from its coordinates or from where its token was found): page
 * 0-indexed, `left` and `top` in PDF points from the top-left corner of the page as displayed (the
 * CropBox within the MediaBox, /Rotate applied), as `inspectPdf` and `findTextTokens` of @signet/pdf
 * measure them. The signature box (SIGNATURE_BOX) has its top-left corner there.
 */
export interface ResolvedPlacement {
  type: PlacementType;
  page: number;
  left: number;
  top: number;
  recipient: SignedRecipient;
  /** A placement found by its text token: the token's size, painted over in white so the token no longer shows. */
  cover?: { width: number; height: number };
}

/** Signature pages appended at the end for recipients without placements on this document. */
export interface ExtraSignaturePages {
  recipients: SignedRecipient[];
  /** `extra_page_intro` in the envelope's language; may span several paragraphs (`\n`). */
  intro?: string;
  signaturesPerPage: number;
  signaturesPerRow: number;
}

/**
 * A filled field's value at its place, drawn as real text (search and copy find it): `text` as shown,
 * or a tick box (`ticked`), whose box is followed by the word for yes or no. `width` and `height` bound
 * the box the text is fitted into (a line of 12-point text by default).
 */
export interface PlacedValue {
  page: number;
  left: number;
  top: number;
  width?: number | null;
  height?: number | null;
  value: { text: string; handwriting?: boolean } | { ticked: boolean };
  cover?: { width: number; height: number };
}

export interface StampSignedPdfInput {
  /** The original document. */
  pdf: Uint8Array;
  documentId: string;
  /** `custom_page_id`: when given, "<documentIdLabel> <documentId>" is written on every page. */
  documentIdLabel?: string;
  /** The first page (0-indexed) the label goes on: 0 by default; pages added to an already signed revision start later. */
  labelPagesFrom?: number;
  language?: StampLanguage;
  placements: ResolvedPlacement[];
  /** Field values, drawn at their places. */
  values?: PlacedValue[];
  extraPages?: ExtraSignaturePages;
  /** SIMPLE by default. */
  style?: StampStyle;
  /**
   * `signature.bg_image`, already fetched: drawn faintly behind every signature, fitted into its box.
   * PNG or JPEG, told by the bytes; anything else, or an image pdf-lib cannot read, is left out.
   */
  background?: Uint8Array;
}
