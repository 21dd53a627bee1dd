import { type EnvelopeSignaturesResponse, signatureLevel } from '@signet/contracts';
import { AppError, notFound, type RequestContext } from '@signet/http';
import { ACT_CERTIFICATE_MINUTES, SIGNER_POLICY_OID } from '@signet/signed-pdf';
import { readBlob } from '../documents/read-blob';
import type { EnvelopeDeps } from '../envelope-deps';
import { signatureJudge } from '../seal/create-signature-report';
import { actKeyStorage } from '../seal/signer-authority';

type SignaturesDeps = Pick<EnvelopeDeps, 'db' | 'store' | 'blobs' | 'config' | 'sealIdentity' | 'signerAuthority'>;

/**
 * GET /internal/envelopes/:id/signatures: every signature of each signed document of a SUCCESS envelope,
 * judged as a signature report judges any PDF (in the PDF workers, one document at a time), and, for an
 * advanced envelope, how its signers' keys were held. Only a SUCCESS envelope has signed documents: any
 * other status is a CONFLICT. request_id is the adapter's.
 */
export async function getEnvelopeSignatures(
  deps: SignaturesDeps, { context, envelopeId }: { context: RequestContext; envelopeId: string }
): Promise<Omit<EnvelopeSignaturesResponse, 'request_id'>> {
  const aggregate = await deps.store.load(deps.db, context.tenantId, envelopeId);
  if (!aggregate) throw notFound('Envelope');
  const { envelope } = aggregate;
  if (envelope.status !== 'SUCCESS') throw new AppError('CONFLICT', `The envelope's documents are signed once it is SUCCESS; it is ${envelope.status}`);
  const judge = await signatureJudge(deps);
  const documents: EnvelopeSignaturesResponse['documents'] = [];
  for (const document of aggregate.documents) {
    if (!document.signed_blob_key) continue;
    documents.push({ id: document.id, file_name: document.file_name, signatures: await judge.report(await readBlob(deps.blobs, document.signed_blob_key)) });
  }
  const level = signatureLevel(envelope.settings);
  return {
    envelope_id: envelope.id,
    level,
    documents,
    trust_anchors: judge.trustAnchors,
    act_keys: level === 'advanced' ? { storage: actKeyStorage(deps.config), certificate_minutes: ACT_CERTIFICATE_MINUTES, policy_oid: SIGNER_POLICY_OID } : null
  };
}
