import { signatureLevel } from '@signet/contracts';
import { AppError } from '@signet/http';
import { certifyAct, type Signer } from '@signet/signed-pdf';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EnvelopeRow, RecipientRow } from '../model';
import type { ValidationGate } from '../validation-client';
import { actHolder } from './act-holder';
import { qualifiedSigner } from './qualified-signer';

/** The signer of one act and how to let go of its key. */
export interface ActSigner {
  level: 'advanced' | 'qualified';
  signer: Signer;
  /** Destroys the act's key (advanced); nothing to do for a provider's key (qualified). */
  destroy(): void;
}

export interface ActSignerInput {
  envelope: EnvelopeRow;
  recipient: RecipientRow;
  gate: ValidationGate;
  /** The one-time code the signing provider sent the signer (qualified only). */
  otp: string | null;
  now: Date;
}

/**
 * The act's signer, or null for a `seal` envelope: `advanced`, a key made for this act alone, certified
 * for this recipient by the signer CA; `qualified`, the recipient's credential at the signing provider,
 * authorized by their code.
 */
export async function openActSigner(deps: EnvelopeDeps, input: ActSignerInput): Promise<ActSigner | null> {
  const level = signatureLevel(input.envelope.settings);
  if (level === 'seal') return null;
  if (level === 'qualified') return { level, signer: await qualifiedSigner(deps, input.recipient, input.otp), destroy: () => undefined };
  const authority = await deps.signerAuthority();
  const key = authority.actKeys();
  try {
    return { level, signer: await certifyAct(authority.ca, key, actHolder(input.recipient, input.gate), input.now), destroy: () => key.destroy() };
  } catch (error) {
    key.destroy();
    throw error instanceof AppError ? error : new Error(`The act could not be certified: ${(error as Error).message}`);
  }
}
