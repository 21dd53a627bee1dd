import { ApproveRequest, type RecipientRole, type Settings } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';
import { readSignature, type SignatureInput } from './read-signature';

/** What a recipient's act carries: their signature (none for an APPROVER) and their fields' values as sent. */
export interface ActInput {
  signature: SignatureInput | null;
  fields: Record<string, unknown>;
  /** The signing provider's code (signature.level qualified). */
  otp: string | null;
}

/**
 * The body of POST /signing/v1/:token/sign by role: a SIGNER or WITNESS sends consent and a signature, an
 * APPROVER consent alone (approving is not signing); either may send `fields`. A VIEWER has nothing to send.
 */
export function readAct(body: unknown, settings: Settings, role: RecipientRole | undefined): ActInput {
  if (role === 'VIEWER' || role === 'CC') throw new AppError('CONFLICT', `A ${role} recipient only receives the envelope: there is nothing to sign`);
  if (role === 'APPROVER') {
    const approval = parseWith(ApproveRequest, body ?? {});
    return { signature: null, fields: approval.fields ?? {}, otp: approval.otp ?? null };
  }
  const signature = readSignature(body, settings);
  const { fields, otp } = body as { fields?: Record<string, unknown>; otp?: string };
  return { signature, fields: fields ?? {}, otp: otp ?? null };
}
