export function signatureBlobKey(tenantId: string, envelopeId: string, recipientId: string, contentType: 'image/png' | 'image/jpeg'): string {
  return `tenants/${tenantId}/envelopes/${envelopeId}/signatures/${recipientId}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
