import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import * as pkcs11js from 'pkcs11js';
import { openTokenSession, type TokenOptions } from '../seal/pkcs11-token';
import type { Signer } from '../seal/signer';

/**
 * The key of one signer's act: an EC P-256 key pair made for that act, which signs that act's
 * documents and is then destroyed. Generating EC keys takes about a millisecond, so every act gets a
 * fresh one.
 */
export interface ActKey {
  /** SubjectPublicKeyInfo, DER, for the signer CA to certify. */
  publicKey: Buffer;
  /** A Signer with the act's certificate chain (the act's certificate first). */
  signer(certificates: Buffer[]): Signer;
  /** Destroys the private key: after this, signing fails. */
  destroy(): void;
}

/** Where act keys are made: process memory (development), or a PKCS#11 token (an HSM), as session objects. */
export type ActKeyStore = () => ActKey;

export const memoryActKeys: ActKeyStore = () => {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let privateKey: KeyObject | null = pair.privateKey;
  return {
    publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }),
    signer: (certificates) => ({
      certificates,
      keyType: 'ec',
      sign: async (data) => {
        if (!privateKey) throw new Error('The act key has been destroyed');
        return sign('sha256', data, privateKey);
      }
    }),
    destroy: () => {
      // A KeyObject cannot be wiped; dropping the only reference lets it be collected.
      privateKey = null;
    }
  };
};

/** prime256v1 (P-256), as CKA_EC_PARAMS takes it: the DER of its OID. */
const P256_PARAMS = Buffer.from('06082a8648ce3d030107', 'hex');

/**
 * Act keys inside a PKCS#11 token: session objects (CKA_TOKEN false), the private half sensitive and
 * never extractable, each in a session of its own, destroyed with C_DestroyObject and gone with the
 * session even if the process dies first.
 */
export function tokenActKeys(options: TokenOptions): ActKeyStore {
  return () => {
    const token = openTokenSession(options);
    const { pkcs11, session } = token;
    try {
      const keys = pkcs11.C_GenerateKeyPair(session, { mechanism: pkcs11js.CKM_EC_KEY_PAIR_GEN }, [
        { type: pkcs11js.CKA_TOKEN, value: false }, { type: pkcs11js.CKA_VERIFY, value: true }, { type: pkcs11js.CKA_EC_PARAMS, value: P256_PARAMS }
      ], [
        { type: pkcs11js.CKA_TOKEN, value: false }, { type: pkcs11js.CKA_SIGN, value: true }, { type: pkcs11js.CKA_PRIVATE, value: true },
        { type: pkcs11js.CKA_SENSITIVE, value: true }, { type: pkcs11js.CKA_EXTRACTABLE, value: false }
      ]);
      const [point] = pkcs11.C_GetAttributeValue(session, keys.publicKey, [{ type: pkcs11js.CKA_EC_POINT }]);
      let destroyed = false;
      return {
        publicKey: p256PublicKey(point!.value as Buffer),
        signer: (certificates) => ({
          certificates,
          keyType: 'ec',
          sign: async (data) => {
            if (destroyed) throw new Error('The act key has been destroyed');
            pkcs11.C_SignInit(session, { mechanism: pkcs11js.CKM_ECDSA }, keys.privateKey);
            return derSignature(Buffer.from(pkcs11.C_Sign(session, createHash('sha256').update(data).digest(), Buffer.alloc(64))));
          }
        }),
        destroy: () => {
          if (destroyed) return;
          destroyed = true;
          try {
            pkcs11.C_DestroyObject(session, keys.privateKey);
            pkcs11.C_DestroyObject(session, keys.publicKey);
          } finally {
            token.close();
          }
        }
      };
    } catch (error) {
      token.close();
      throw error;
    }
  };
}

/** CKA_EC_POINT is the uncompressed point wrapped in an OCTET STRING (04 41 04 x y). */
function p256PublicKey(ecPoint: Buffer): Buffer {
  const point = ecPoint[0] === 0x04 && ecPoint[1] === 0x41 ? ecPoint.subarray(2) : ecPoint;
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('The token answered an EC point that is not an uncompressed P-256 point');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'der' });
}

/** CKM_ECDSA answers r || s; CMS wants the DER Ecdsa-Sig-Value. */
function derSignature(raw: Buffer): Buffer {
  const integer = (bytes: Buffer) => {
    let trimmed = bytes;
    while (trimmed.length > 1 && trimmed[0] === 0 && trimmed[1]! < 0x80) trimmed = trimmed.subarray(1);
    if (trimmed[0]! >= 0x80) trimmed = Buffer.concat([Buffer.from([0]), trimmed]);
    return Buffer.concat([Buffer.from([0x02, trimmed.length]), trimmed]);
  };
  const body = Buffer.concat([integer(raw.subarray(0, raw.length / 2)), integer(raw.subarray(raw.length / 2))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}
