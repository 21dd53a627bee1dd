import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { inspectPdf, type PdfInspection } from '@signet/pdf';

/** Pages of the inspections kept, all tenants together: a few MB of page sizes at most. */
const PAGES_KEPT = 100_000;

const inspections = new LRUCache<string, PdfInspection>({ maxSize: PAGES_KEPT, sizeCalculation: (inspection) => inspection.pages.length + 1 });

/**
 * What inspecting a PDF found, kept by tenant and content: the same bytes always inspect the same, so an
 * integrator that sends the same contract with each envelope has it parsed once, not per envelope.
 * Hashing costs a small share of parsing. Kept per tenant: one tenant's document never answers for
 * another's, nor tells by its speed what another tenant sent. A document that fails inspection is not
 * kept: it is refused each time, by the worker.
 */
export async function inspectedOnce(tenantId: string, bytes: Buffer): Promise<PdfInspection> {
  const key = `${tenantId}\n${createHash('sha256').update(bytes).digest('base64')}`;
  const kept = inspections.get(key);
  if (kept) return kept;
  const inspection = await inspectPdf(bytes);
  inspections.set(key, inspection);
  return inspection;
}
