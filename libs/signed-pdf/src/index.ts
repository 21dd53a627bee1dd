export { SIGNATURE_BOX } from './placement-stamp';
export { generateServiceCertificate, type ServiceCertificate, type ServiceCertificateOptions } from './seal/generate-service-certificate';
export { sealPdf, type SealOptions } from './seal/seal-pdf';
export { type SealVerification, verifySealedPdf } from './seal/verify-sealed-pdf';
export { checkSignatureBackground } from './signature-background';
export { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-size-limit';
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
