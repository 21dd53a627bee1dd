export { SIGNATURE_BOX } from './placement-stamp';
export { generateServiceCertificate, type ServiceCertificate, type ServiceCertificateOptions } from './seal/generate-service-certificate';
export { sealPdf, type SealOptions } from './seal/seal-pdf';
export { type SealVerification, verifySealedPdf } from './seal/verify-sealed-pdf';
export { checkSignatureBackground } from './signature-background';
export { stampSignedPdf } from './stamp-signed-pdf';
export type {
  ExtraSignaturePages,
  PlacementType,
  ResolvedPlacement,
  Signature,
  SignedRecipient,
  StampLanguage,
  StampStyle,
  StampSignedPdfInput
} from './types';
