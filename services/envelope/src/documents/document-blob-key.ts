export function documentBlobKey(tenantId: string, envelopeId: string, documentId: string): string {
  return `tenants/${tenantId}/envelopes/${envelopeId}/documents/${documentId}.pdf`;
}

/** Whether the blob is the envelope's own (under its key prefix), not one it shares with a template. */
export function ownedBy(tenantId: string, envelopeId: string, blobKey: string): boolean {
  return blobKey.startsWith(`tenants/${tenantId}/envelopes/${envelopeId}/`);
}
