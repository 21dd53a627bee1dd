import { createPublicKey, type KeyObject } from 'node:crypto';
import * as pkcs11js from 'pkcs11js';
import { certificateChain } from './certificate-chain';
import { openTokenSession, Pkcs11SetupError, type TokenOptions, type TokenSession, ulongOf } from './pkcs11-token';
import type { Signer } from './signer';

export interface Pkcs11Options extends TokenOptions {
  /** The private key (CKO_PRIVATE_KEY) by CKA_LABEL, CKA_ID, or both; it never leaves the token. */
  keyLabel?: string;
  keyId?: Buffer;
}

/** Most certificates read from one token: far more than a seal's chain, few enough to stay cheap. */
const MAX_TOKEN_CERTIFICATES = 100;

/**
 * Generates an RSA 2048 key pair inside the token (private half sensitive and not extractable) and
 * answers the public key as SubjectPublicKeyInfo DER, for a CA to certify.
 */
export function generateTokenKey(options: Pkcs11Options): Buffer {
  const token = openTokenSession(options);
  try {
    const { pkcs11, session } = token;
    const names = keyNames(options);
    const keys = pkcs11.C_GenerateKeyPair(session, { mechanism: pkcs11js.CKM_RSA_PKCS_KEY_PAIR_GEN }, [
      ...names, { type: pkcs11js.CKA_TOKEN, value: true }, { type: pkcs11js.CKA_VERIFY, value: true },
      { type: pkcs11js.CKA_MODULUS_BITS, value: 2048 }, { type: pkcs11js.CKA_PUBLIC_EXPONENT, value: Buffer.from([1, 0, 1]) }
    ], [
      ...names, { type: pkcs11js.CKA_TOKEN, value: true }, { type: pkcs11js.CKA_SIGN, value: true },
      { type: pkcs11js.CKA_PRIVATE, value: true }, { type: pkcs11js.CKA_SENSITIVE, value: true }, { type: pkcs11js.CKA_EXTRACTABLE, value: false }
    ]);
    return rsaPublicKey(token, keys.privateKey).export({ type: 'spki', format: 'der' });
  } finally {
    token.close();
  }
}

/**
 * A Signer whose RSA key lives in a PKCS#11 token: each signature is CKM_SHA256_RSA_PKCS inside the
 * token, so the key never reaches this process. The chain is the certificate of the key (its public
 * key matches) and its CAs, found among `certificates` and the certificates stored in the token, so
 * the certificate can live in the token, in a PEM file, or both. Close it when done.
 */
export function pkcs11Signer(options: Pkcs11Options, certificates: Buffer[] = []): Signer & { close(): void } {
  const token = openTokenSession(options);
  try {
    const key = findPrivateKey(token, options);
    const chain = certificateChain(rsaPublicKey(token, key), [...certificates, ...tokenCertificates(token)]);
    if (!chain) throw new Pkcs11SetupError('certificate', `has no certificate of the key ${describeKey(options)}, neither given nor in the token`);
    return { certificates: chain, keyType: 'rsa', sign: serialSigner(token, key), close: () => token.close() };
  } catch (error) {
    token.close();
    throw error;
  }
}

/** One operation at a time on the session: PKCS#11 sessions are not reentrant. */
function serialSigner(token: TokenSession, key: Buffer): Signer['sign'] {
  const { pkcs11, session } = token;
  let queue: Promise<unknown> = Promise.resolve();
  return (data) => {
    const signed = queue.then(() => {
      pkcs11.C_SignInit(session, { mechanism: pkcs11js.CKM_SHA256_RSA_PKCS }, key);
      return Buffer.from(pkcs11.C_Sign(session, data, Buffer.alloc(1024)));
    });
    queue = signed.catch(() => undefined);
    return signed;
  };
}

function keyNames(options: Pkcs11Options): pkcs11js.Attribute[] {
  if (options.keyLabel === undefined && options.keyId === undefined) throw new Pkcs11SetupError('key', 'name the key by its label, its id, or both');
  return [
    ...(options.keyLabel === undefined ? [] : [{ type: pkcs11js.CKA_LABEL, value: Buffer.from(options.keyLabel) }]),
    ...(options.keyId === undefined ? [] : [{ type: pkcs11js.CKA_ID, value: options.keyId }])
  ];
}

function describeKey(options: Pkcs11Options): string {
  return [options.keyLabel === undefined ? '' : `labelled "${options.keyLabel}"`, options.keyId === undefined ? '' : `with id ${options.keyId.toString('hex')}`]
    .filter(Boolean).join(' and ');
}

function findPrivateKey(token: TokenSession, options: Pkcs11Options): Buffer {
  const found = findObjects(token, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }, ...keyNames(options)], 2);
  if (found.length === 0) throw new Pkcs11SetupError('key', `names no private key in the token: none ${describeKey(options)}`);
  if (found.length > 1) throw new Pkcs11SetupError('key', `names several private keys ${describeKey(options)}; give the key's id as well`);
  const [type] = token.pkcs11.C_GetAttributeValue(token.session, found[0]!, [{ type: pkcs11js.CKA_KEY_TYPE }]);
  if (ulongOf(type!.value as Buffer) !== BigInt(pkcs11js.CKK_RSA)) throw new Pkcs11SetupError('key', `names a key ${describeKey(options)} that is not RSA; Signet seals with RSA keys`);
  return found[0]!;
}

/** An RSA private key object shows its modulus and public exponent, though never its private parts. */
function rsaPublicKey(token: TokenSession, key: Buffer): KeyObject {
  const [modulus, exponent] = token.pkcs11.C_GetAttributeValue(token.session, key, [{ type: pkcs11js.CKA_MODULUS }, { type: pkcs11js.CKA_PUBLIC_EXPONENT }]);
  return createPublicKey({ key: { kty: 'RSA', n: (modulus!.value as Buffer).toString('base64url'), e: (exponent!.value as Buffer).toString('base64url') }, format: 'jwk' });
}

function tokenCertificates(token: TokenSession): Buffer[] {
  const found = findObjects(token, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_CERTIFICATE }, { type: pkcs11js.CKA_CERTIFICATE_TYPE, value: pkcs11js.CKC_X_509 }], MAX_TOKEN_CERTIFICATES);
  return found.map((handle) => token.pkcs11.C_GetAttributeValue(token.session, handle, [{ type: pkcs11js.CKA_VALUE }])[0]!.value as Buffer);
}

function findObjects(token: TokenSession, template: pkcs11js.Template, max: number): Buffer[] {
  token.pkcs11.C_FindObjectsInit(token.session, template);
  try {
    return token.pkcs11.C_FindObjects(token.session, max);
  } finally {
    token.pkcs11.C_FindObjectsFinal(token.session);
  }
}
