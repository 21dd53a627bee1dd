export interface PdfLimits {
  /** Wall-clock budget of one call from when it gets a worker, the start of a new one included (waiting for a free slot is not counted). */
  timeoutMs: number;
  /** Budget for the worker's JavaScript heap plus the buffers it allocates (decoded streams). */
  maxMemoryMb: number;
  maxPages: number;
}

export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = { timeoutMs: 10_000, maxMemoryMb: 256, maxPages: 2000 };

export function resolvePdfLimits(limits: Partial<PdfLimits> = {}): PdfLimits {
  const resolved = { ...DEFAULT_PDF_LIMITS };
  for (const key of Object.keys(DEFAULT_PDF_LIMITS) as Array<keyof PdfLimits>) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`PdfLimits.${key} must be a positive number`);
    resolved[key] = value;
  }
  return resolved;
}
