/**
 * Test fixtures for the identity checks, importable by any package's tests as `@signet/identity/testing`:
 * documents drawn with sharp (DejaVu fonts) with real MRZ check digits or an AAMVA PDF417 barcode
 * (bwip-js), selfies made from two freely licensed face photos, and hostile inputs.
 */
export { makeDrivingLicence, makeIdCard, makePassport, aamvaData, type LicenceFields, type PassportFields } from './testing/documents';
export { ensureTestFaces, portraitImages, type FaceName, type TestFace } from './testing/faces';
export { hostileImages, type HostileImages } from './testing/hostile';
export { flipCharacter, mrzCheckDigit, mrzText, td1Lines, td3Lines, type MrzPerson } from './testing/mrz-lines';
export { makeSelfie, plainImage, sideBySide, type SelfieOptions } from './testing/selfies';
