/** Types of engines.mjs, for TypeScript callers (the calibration script). */
export const FACE_MODELS: string[];
export function engineVersions(): Record<string, string>;
export const loaded: { ocr: number | null; barcode: number | null; faces: number | null };
