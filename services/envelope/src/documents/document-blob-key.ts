export function documentBlobKey(tenantId: string, envelopeId: string, documentId: string): string {
  return `tenants/${tenantId}/envelopes/${envelopeId}/documents/${documentId}.pdf`;
}
