/** Types of faces.mjs, for TypeScript callers (the calibration script). */
export interface FoundFace {
  score: number;
  area: number;
  real: number | null;
  live: number | null;
  roll: number | null;
  embedding: number[] | null;
}
export function facesIn(image: { data: Uint8Array; width: number; height: number }): Promise<FoundFace[]>;
export function similarity(a: number[] | null, b: number[] | null): Promise<number>;
