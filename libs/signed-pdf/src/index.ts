export { SIGNATURE_BOX } from './placement-stamp';
export { generateServiceCertificate, type ServiceCertificate, type ServiceCertificateOptions } from './seal/generate-service-certificate';
export { sealPdf, type SealOptions } from './seal/seal-pdf';
export { keySigner, pkcs12Signer, type Signer } from './seal/signer';
export { generateTokenKey, type Pkcs11Options, pkcs11Signer } from './seal/pkcs11-signer';
export { type Pkcs11Setting, Pkcs11SetupError, type TokenOptions } from './seal/pkcs11-token';
export { type SealVerification, verifySealedPdf } from './seal/verify-sealed-pdf';
export {
  createCscClient, type CscAuthorizeInput, type CscCertificateStatus, type CscClient, type CscClientOptions, type CscCredentialInfo, type CscKeyStatus,
  type CscSignHashInput, MAX_CHAIN_CERTIFICATES, MAX_CREDENTIALS
} from './csc/csc-client';
export { cscSigner, type CscSignerOptions } from './csc/csc-signer';
export { type CscStep, RemoteSigningRefused, RemoteSigningUnavailable } from './csc/remote-signing-errors';
export { archiveTimestampExpiry } from './seal/verify-timestamp-token';
export { inspectPdfSignatures, type PadesLevel, type SignatureReport } from './seal/inspect-signatures';
export { MAX_REPORTED_SIGNATURES, reportPdfSignatures } from './seal/report-pdf-signatures';
export { httpTimestamper, type HttpTimestamperOptions } from './timestamp/http-timestamper';
export { timestampAuthority, type TimestampAuthority, type TimestampAuthorityOptions } from './timestamp/timestamp-authority';
export type { Timestamper } from './timestamp/timestamper';
export {
  createDevelopmentPki, createDevelopmentSignerCa, DEVELOPMENT_NAMES, type DevelopmentPki, type DevelopmentPkiOptions, issueCertificate, issueCrl, type KeyAndCertificate,
  pemOf, signerOf
} from './pki/development-pki';
export { addDocumentSecurityStore, type ValidationData } from './ltv/document-security-store';
export { addDocumentTimestamp } from './ltv/document-timestamp';
export { addLongTermValidation } from './ltv/long-term-validation';
export { boldTextFaces, type FontFace, textFaces, valueFontFiles } from './fonts/font-faces';
export { codePointLevels, visualOrder } from './fonts/bidi-order';
export { subsettingFontkit } from './fonts/subsetting-fontkit';
export { checkSignatureBackground } from './signature-background';
export { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-size-limit';
export { stampSignedPdf } from './stamp-signed-pdf';
export { textDocument, type TextBlock, type TextBlockStyle, type TextDocumentInput } from './text-document';
export { FIELD_BOX, TICK_SIDE } from './value-layout';
export { LINE_SPACING, VALUE_TEXT_SIZES } from './text-layout';
export { measureValue, type MeasuredValue } from './measure-value';
export type {
  ExtraSignaturePages,
  PlacementType,
  PlacedValue,
  ResolvedPlacement,
  Signature,
  SignedRecipient,
  StampLanguage,
  StampStyle,
  StampSignedPdfInput
} from './types';
export { stampDocument } from './stamp-signed-pdf';
export { baseRevision, type RevisionSignature, signRevision } from './revision/sign-revision';
export { type ActKey, type ActKeyStore, memoryActKeys, tokenActKeys } from './signer-ca/act-key';
export { ACT_CERTIFICATE_MINUTES, type ActHolder, certifyAct, SIGNER_POLICY_OID, type SignerCa } from './signer-ca/certify-act';
export { issueCrlWithSigner } from './signer-ca/issue-with-signer';
