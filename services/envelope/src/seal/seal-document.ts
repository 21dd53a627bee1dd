import { sealWithLongTermValidation } from '../completion/build-signed-pdf';
import type { SealDeps } from './get-seal-certificates';

/**
 * Seals another part's PDF (the evidence sheet) as signed documents are sealed (PAdES B-LTA with a
 * timestamp source), so the keys stay in this part.
 */
export async function sealDocument(deps: SealDeps, input: { pdf: Buffer; reason: string }): Promise<Uint8Array> {
  return sealWithLongTermValidation(input.pdf, await deps.sealIdentity(), input.reason);
}
