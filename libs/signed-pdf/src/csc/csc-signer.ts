import { createHash, verify, X509Certificate } from 'node:crypto';
import type { Signer } from '../seal/signer';
import type { CscClient, CscCredentialInfo } from './csc-client';
import { RemoteSigningRefused, RemoteSigningUnavailable } from './remote-signing-errors';

export interface CscSignerOptions {
  /** The signer's user id at the signing service. */
  userId: string;
  /** The one-time password the signer gave to approve this signature. */
  otp: string;
}

/**
 * A Signer whose key is the signer's own, held by a remote signing service: the first of the user's
 * credentials that is enabled, with a valid certificate of an RSA or EC key. Each `sign` authorizes that
 * one hash with the OTP and has it signed (one credentials/authorize, one signatures/signHash), and
 * checks the signature against the certificate before handing it to the CMS.
 */
export async function cscSigner(client: CscClient, options: CscSignerOptions): Promise<Signer> {
  const credential = await usableCredential(client, options.userId);
  const keyType = credential.keyType as 'rsa' | 'ec';
  const publicKey = new X509Certificate(credential.certificates[0] as Buffer).publicKey;
  return {
    certificates: credential.certificates,
    keyType,
    async sign(data) {
      const hash = createHash('sha256').update(data).digest();
      const sad = await client.authorize({ credentialId: credential.credentialId, hash, otp: options.otp });
      const signature = await client.signHash({ credentialId: credential.credentialId, sad, hash, keyType });
      if (!verify('sha256', data, publicKey, signature)) {
        throw new RemoteSigningUnavailable('signHash', "the signature does not verify with the credential's certificate");
      }
      return signature;
    }
  };
}

async function usableCredential(client: CscClient, userId: string): Promise<CscCredentialInfo> {
  for (const credentialId of await client.listCredentials(userId)) {
    const info = await client.credentialInfo(credentialId);
    if (info.keyStatus === 'enabled' && info.certificateStatus === 'valid' && info.keyType !== null) return info;
  }
  throw new RemoteSigningRefused('list', 'no_credential', 'no enabled credential with a valid certificate for this signer', null);
}
