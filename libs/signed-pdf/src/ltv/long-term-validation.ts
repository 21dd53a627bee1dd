import type { Timestamper } from '../timestamp/timestamper';
import { addDocumentSecurityStore, type ValidationData } from './document-security-store';
import { addDocumentTimestamp } from './document-timestamp';

/**
 * Turns a sealed PDF (B-T) into PAdES B-LTA: a /DSS with the chains and revocation data (B-LT), then a
 * document timestamp over everything (B-LTA), each as an incremental update, so the seal's bytes are
 * untouched and its signature stays valid.
 */
export async function addLongTermValidation(pdf: Uint8Array, data: ValidationData, timestamper: Timestamper): Promise<Buffer> {
  return addDocumentTimestamp(await addDocumentSecurityStore(pdf, data), timestamper);
}
