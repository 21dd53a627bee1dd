import { X509Certificate } from 'node:crypto';
import { OID } from '../seal/oids';
import { cscTransport, type JsonObject } from './csc-transport';
import { ecdsaDerSignature } from './ecdsa-signature';
import { type CscStep, RemoteSigningUnavailable } from './remote-signing-errors';

/** Credential ids read from one credentials/list answer; the rest are never looked at. */
export const MAX_CREDENTIALS = 10;
/** Certificates accepted in one credential's chain. */
export const MAX_CHAIN_CERTIFICATES = 10;
const MAX_ID_LENGTH = 1024;
const MAX_SAD_LENGTH = 16 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface CscClientOptions {
  /** The service's base URL: `{baseUrl}/oauth2/token` and `{baseUrl}/csc/v2/...` are called. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Longest one request may take, answer read included; 10 s by default. */
  timeoutMs?: number;
  /** The global fetch by default. */
  fetch?: typeof fetch;
  /** The clock tokens expire by; Date.now by default. */
  now?: () => number;
}

export type CscKeyStatus = 'enabled' | 'disabled';
export type CscCertificateStatus = 'valid' | 'expired' | 'revoked' | 'suspended';

/** What credentials/info says of one credential. */
export interface CscCredentialInfo {
  credentialId: string;
  keyStatus: CscKeyStatus;
  /** `valid` when the service does not say. */
  certificateStatus: CscCertificateStatus;
  /** The signing certificate first, then its chain, as DER. */
  certificates: Buffer[];
  /** Read from the signing certificate's public key; null for a key a CMS signature cannot be made with here. */
  keyType: 'rsa' | 'ec' | null;
}

export interface CscAuthorizeInput {
  credentialId: string;
  /** The SHA-256 digest the signature will be made over. */
  hash: Buffer;
  otp: string;
}

export interface CscSignHashInput {
  credentialId: string;
  /** The Signature Activation Data credentials/authorize answered for this hash. */
  sad: string;
  hash: Buffer;
  keyType: 'rsa' | 'ec';
}

/** The part of the CSC API v2 a signature needs: one credential, one hash at a time. */
export interface CscClient {
  /** credentials/list: the user's credential ids, at most MAX_CREDENTIALS. */
  listCredentials(userId: string): Promise<string[]>;
  /** credentials/info with the whole chain. */
  credentialInfo(credentialId: string): Promise<CscCredentialInfo>;
  /** credentials/authorize for one signature of `hash`, with the OTP: the SAD. */
  authorize(input: CscAuthorizeInput): Promise<string>;
  /** signatures/signHash: RSA PKCS#1 v1.5, or ECDSA as a DER Ecdsa-Sig-Value. */
  signHash(input: CscSignHashInput): Promise<Buffer>;
}

const SIGN_ALGORITHMS = { rsa: OID.rsaEncryption, ec: OID.ecdsaWithSha256 } as const;
const KEY_STATUSES: readonly string[] = ['enabled', 'disabled'];
const CERTIFICATE_STATUSES: readonly string[] = ['valid', 'expired', 'revoked', 'suspended'];

/**
 * A client of a remote signing service speaking the Cloud Signature Consortium API v2, authenticated as
 * Signet with the OAuth2 client-credentials grant. Every answer is checked before use and bounded (time,
 * size, number of credentials and certificates); a 4xx is a RemoteSigningRefused, anything else that
 * goes wrong a RemoteSigningUnavailable.
 */
export function createCscClient(options: CscClientOptions): CscClient {
  checkBaseUrl(options.baseUrl);
  const transport = cscTransport({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? fetch,
    now: options.now ?? Date.now
  });

  return {
    async listCredentials(userId) {
      const answer = await transport.call('list', 'credentials/list', { userID: userId });
      const ids = answer.credentialIDs;
      if (!Array.isArray(ids)) throw malformed('list', 'credentialIDs is not a list');
      return ids.slice(0, MAX_CREDENTIALS).map((id) => text('list', id, 'a credentialID', MAX_ID_LENGTH));
    },

    async credentialInfo(credentialId) {
      const answer = await transport.call('info', 'credentials/info', { credentialID: credentialId, certificates: 'chain', certInfo: true });
      const key = object('info', answer.key, 'key');
      const cert = object('info', answer.cert, 'cert');
      const keyStatus = oneOf('info', key.status, KEY_STATUSES, 'key.status') as CscKeyStatus;
      const certificateStatus = cert.status === undefined ? 'valid' : (oneOf('info', cert.status, CERTIFICATE_STATUSES, 'cert.status') as CscCertificateStatus);
      const encoded = cert.certificates;
      if (!Array.isArray(encoded) || encoded.length === 0) throw malformed('info', 'cert.certificates is not a list of certificates');
      if (encoded.length > MAX_CHAIN_CERTIFICATES) throw malformed('info', `more than ${MAX_CHAIN_CERTIFICATES} certificates`);
      const certificates = encoded.map((item) => certificate(base64('info', item, 'a certificate')));
      return { credentialId, keyStatus, certificateStatus, certificates, keyType: keyTypeOf(certificates[0] as Buffer) };
    },

    async authorize({ credentialId, hash, otp }) {
      const answer = await transport.call('authorize', 'credentials/authorize', {
        credentialID: credentialId,
        numSignatures: 1,
        hashes: [hash.toString('base64')],
        hashAlgorithmOID: OID.sha256,
        authData: [{ id: 'OTP', value: otp }]
      });
      return text('authorize', answer.SAD, 'SAD', MAX_SAD_LENGTH);
    },

    async signHash({ credentialId, sad, hash, keyType }) {
      const answer = await transport.call('signHash', 'signatures/signHash', {
        credentialID: credentialId,
        SAD: sad,
        hashes: [hash.toString('base64')],
        hashAlgorithmOID: OID.sha256,
        signAlgo: SIGN_ALGORITHMS[keyType]
      });
      const signatures = answer.signatures;
      if (!Array.isArray(signatures) || signatures.length !== 1) throw malformed('signHash', 'signatures is not a list of one signature');
      const signature = base64('signHash', signatures[0], 'the signature');
      if (keyType === 'rsa') return signature;
      const der = ecdsaDerSignature(signature);
      if (der === null) throw malformed('signHash', 'the signature is not an ECDSA signature (DER or r || s)');
      return der;
    }
  };
}

/** The client secret and each signer's OTP travel to this URL: https, or http to the machine itself. */
function checkBaseUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`The CSC service URL is not a URL: ${baseUrl}`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`The CSC service URL must be https (http only on loopback): ${baseUrl}`);
}

function certificate(der: Buffer): Buffer {
  try {
    new X509Certificate(der);
  } catch {
    throw malformed('info', 'a certificate cannot be read (not DER X.509)');
  }
  return der;
}

function keyTypeOf(der: Buffer): 'rsa' | 'ec' | null {
  const type = new X509Certificate(der).publicKey.asymmetricKeyType;
  return type === 'rsa' || type === 'ec' ? type : null;
}

function malformed(step: CscStep, problem: string): RemoteSigningUnavailable {
  return new RemoteSigningUnavailable(step, `the answer does not follow the CSC API: ${problem}`);
}

function object(step: CscStep, value: unknown, name: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(step, `${name} is not an object`);
  return value as JsonObject;
}

function oneOf(step: CscStep, value: unknown, values: readonly string[], name: string): string {
  if (typeof value !== 'string' || !values.includes(value)) throw malformed(step, `${name} is not one of ${values.join(', ')}`);
  return value;
}

function text(step: CscStep, value: unknown, name: string, maxLength: number): string {
  if (typeof value !== 'string' || value === '' || value.length > maxLength) throw malformed(step, `${name} is not a string of 1 to ${maxLength} characters`);
  return value;
}

/** Standard base64 only: Buffer.from would skip what is not base64 and decode the rest. */
function base64(step: CscStep, value: unknown, name: string): Buffer {
  if (typeof value !== 'string' || value === '' || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw malformed(step, `${name} is not base64`);
  }
  return Buffer.from(value, 'base64');
}
