import { v7 as uuidv7 } from 'uuid';

/**
 * A key of its own per sign attempt: two attempts of one recipient at once (a double click) store their
 * images side by side, so the refused one cannot overwrite the image the recorded signature names.
 */
export function signatureBlobKey(tenantId: string, envelopeId: string, recipientId: string, contentType: 'image/png' | 'image/jpeg'): string {
  return `tenants/${tenantId}/envelopes/${envelopeId}/signatures/${recipientId}-${uuidv7()}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
