export interface PdfLimits {
  /**
   * CPU time the job's own work may take in its worker (Linux; elsewhere the wall-clock time since the
   * job reached its started worker). Neither waiting for a slot nor the start of a worker counts, so a
   * busy host cannot turn a small file into a verdict.
   */
  timeoutMs: number;
  /**
   * Wall-clock backstop from when the call gets its slot, a worker's start included. Missing it says the
   * host is too busy, not that the document is too complex: it fails with PdfOverloadedError.
   */
  wallTimeoutMs: number;
  /** Budget for the worker's JavaScript heap plus the buffers it allocates (decoded streams). */
  maxMemoryMb: number;
  maxPages: number;
}

export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = { timeoutMs: 10_000, wallTimeoutMs: 60_000, maxMemoryMb: 256, maxPages: 2000 };

/** The limits of calls that give none: the library's defaults, or what startPdfWorkers configured. */
let processLimits: Readonly<PdfLimits> = DEFAULT_PDF_LIMITS;

export function setProcessPdfLimits(limits: Readonly<PdfLimits>): void {
  processLimits = limits;
}

export function resolvePdfLimits(limits: Partial<PdfLimits> = {}, defaults: Readonly<PdfLimits> = processLimits): PdfLimits {
  const resolved = { ...defaults };
  for (const key of Object.keys(DEFAULT_PDF_LIMITS) as Array<keyof PdfLimits>) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`PdfLimits.${key} must be a positive number`);
    resolved[key] = value;
  }
  return resolved;
}
