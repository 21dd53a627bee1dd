import { createPublicKey } from 'node:crypto';
import * as pkcs11js from 'pkcs11js';
import type { Signer } from './signer';

export interface Pkcs11Options {
  /** The PKCS#11 module (a .so): SoftHSM2's, a network HSM's client, a cloud HSM's. */
  module: string;
  /** The token (slot) to use, by label. */
  tokenLabel: string;
  pin: string;
  /** The private key (CKO_PRIVATE_KEY) by CKA_LABEL; it never leaves the token. */
  keyLabel: string;
}

export interface TokenSession {
  pkcs11: pkcs11js.PKCS11;
  session: Buffer;
  close(): void;
}

/** Opens a logged-in read-write session on the token named `tokenLabel`. */
export function openTokenSession(options: Omit<Pkcs11Options, 'keyLabel'>): TokenSession {
  const pkcs11 = new pkcs11js.PKCS11();
  pkcs11.load(options.module);
  pkcs11.C_Initialize();
  try {
    const slot = pkcs11.C_GetSlotList(true).find((candidate) => pkcs11.C_GetTokenInfo(candidate).label.trim() === options.tokenLabel);
    if (!slot) throw new Error(`No PKCS#11 token labelled ${options.tokenLabel}`);
    const session = pkcs11.C_OpenSession(slot, pkcs11js.CKF_RW_SESSION | pkcs11js.CKF_SERIAL_SESSION);
    pkcs11.C_Login(session, pkcs11js.CKU_USER, options.pin);
    return {
      pkcs11,
      session,
      close() {
        pkcs11.C_CloseSession(session);
        pkcs11.C_Finalize();
      }
    };
  } catch (error) {
    pkcs11.C_Finalize();
    throw error;
  }
}

/**
 * Generates an RSA 2048 key pair inside the token (private half sensitive and not extractable) and
 * answers the public key as SubjectPublicKeyInfo DER, for a CA to certify.
 */
export function generateTokenKey(options: Pkcs11Options): Buffer {
  const token = openTokenSession(options);
  try {
    const { pkcs11, session } = token;
    const label = Buffer.from(options.keyLabel);
    const keys = pkcs11.C_GenerateKeyPair(session, { mechanism: pkcs11js.CKM_RSA_PKCS_KEY_PAIR_GEN }, [
      { type: pkcs11js.CKA_LABEL, value: label }, { type: pkcs11js.CKA_TOKEN, value: true }, { type: pkcs11js.CKA_VERIFY, value: true },
      { type: pkcs11js.CKA_MODULUS_BITS, value: 2048 }, { type: pkcs11js.CKA_PUBLIC_EXPONENT, value: Buffer.from([1, 0, 1]) }
    ], [
      { type: pkcs11js.CKA_LABEL, value: label }, { type: pkcs11js.CKA_TOKEN, value: true }, { type: pkcs11js.CKA_SIGN, value: true },
      { type: pkcs11js.CKA_PRIVATE, value: true }, { type: pkcs11js.CKA_SENSITIVE, value: true }, { type: pkcs11js.CKA_EXTRACTABLE, value: false }
    ]);
    const [modulus, exponent] = pkcs11.C_GetAttributeValue(session, keys.publicKey, [{ type: pkcs11js.CKA_MODULUS }, { type: pkcs11js.CKA_PUBLIC_EXPONENT }]);
    const jwk = { kty: 'RSA', n: (modulus!.value as Buffer).toString('base64url'), e: (exponent!.value as Buffer).toString('base64url') };
    return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'der' });
  } finally {
    token.close();
  }
}

/**
 * A Signer whose RSA key lives in a PKCS#11 token: each signature is CKM_SHA256_RSA_PKCS inside the
 * token, so the key never reaches this process. `certificates` is the key's chain (signing certificate
 * first), as the operator's CA issued it. Close it when done.
 */
export function pkcs11Signer(options: Pkcs11Options, certificates: Buffer[]): Signer & { close(): void } {
  const token = openTokenSession(options);
  const { pkcs11, session } = token;
  pkcs11.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }, { type: pkcs11js.CKA_LABEL, value: Buffer.from(options.keyLabel) }]);
  const [key] = pkcs11.C_FindObjects(session, 1);
  pkcs11.C_FindObjectsFinal(session);
  if (!key) {
    token.close();
    throw new Error(`No private key labelled ${options.keyLabel} in token ${options.tokenLabel}`);
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    certificates,
    keyType: 'rsa',
    // One operation at a time on the session: PKCS#11 sessions are not reentrant.
    sign(data) {
      const signed = queue.then(() => {
        pkcs11.C_SignInit(session, { mechanism: pkcs11js.CKM_SHA256_RSA_PKCS }, key);
        return Buffer.from(pkcs11.C_Sign(session, data, Buffer.alloc(1024)));
      });
      queue = signed.catch(() => undefined);
      return signed;
    },
    close: () => token.close()
  };
}
