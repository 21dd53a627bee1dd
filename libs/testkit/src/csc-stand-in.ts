import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { createStandInCa, generateStandInKey, issueQualifiedCertificate, issueStandInCrl, type StandInKey } from './csc-stand-in-pki';

export { CSC_STAND_IN_CA_NAME } from './csc-stand-in-pki';

/**
 * A local stand-in for a remote signing service (a qualified trust service provider) speaking the part of
 * the Cloud Signature Consortium API v2 Signet's client uses: the OAuth2 client-credentials token,
 * credentials/list, credentials/info, credentials/authorize (with an OTP as authData) and
 * signatures/signHash, answering CSC-shaped objects and errors. It holds each user's keys in memory, and
 * its own CA issues their certificates in the shape of qualified ones and publishes a CRL. It checks what
 * a real one checks: the client's secret, the bearer token, the OTP, that signHash signs exactly the hashes
 * authorized, and that a SAD is used once. Loopback only.
 */

export interface CscStandInUser {
  userId: string;
  /** The certificate's common name. */
  name: string;
  /** The one-time password credentials/authorize accepts for this user (until setOtp changes it). */
  otp: string;
  /** The certificate's emailAddress and subjectAltName; `<userId>@example.com` by default. */
  email?: string;
  /** One credential per entry, listed in this order; one enabled credential by default. */
  credentials?: Array<'enabled' | 'disabled'>;
}

export interface CscStandInOptions {
  users: CscStandInUser[];
  /** The users' keys: RSA 2048 (the default) or EC P-256. */
  keyType?: 'rsa' | 'ec';
  /** ECDSA signatures as DER (what CSC asks, the default) or as r || s, as some services answer. */
  ecdsaFormat?: 'der' | 'raw';
  /** Lifetime of an access token, in seconds; 3600 by default. */
  tokenLifetimeSeconds?: number;
  /** The clock tokens and SADs expire by, milliseconds since the epoch; Date.now by default. Certificates use the real time. */
  now?: () => number;
}

/** One credentials/authorize that reached the OTP check, granted or not. */
export interface CscStandInAuthorization {
  credentialID: string;
  otp: string;
  /** base64, as sent. */
  hashes: string[];
  granted: boolean;
}

export interface CscStandInRequest {
  path: string;
  status: number;
  /** The CSC error answered, if any. */
  error?: string;
}

export interface CscStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The stand-in CA's certificate, DER: the trust anchor of every certificate it issues. */
  caCertificate: Buffer;
  /** Where the CA's CRL is served (named in every certificate it issues). */
  crlUrl: string;
  /** Every request, in order. */
  requests: CscStandInRequest[];
  authorizations: CscStandInAuthorization[];
  /** Hashes signed so far. */
  readonly signatures: number;
  /** A user's credential ids, in the order credentials/list gives them. */
  credentialsOf(userId: string): string[];
  setOtp(userId: string, otp: string): void;
  /** The next CSC request (after its token is checked) is answered with this error instead (400 by default). */
  refuseNext(error: string, description: string, status?: number): void;
  close(): Promise<void>;
}

const SHA256 = '2.16.840.1.101.3.4.2.1';
const SIGN_ALGORITHMS = { rsa: ['1.2.840.113549.1.1.1', '1.2.840.113549.1.1.11'], ec: ['1.2.840.10045.4.3.2'] };
const KEY_ALGORITHMS = { rsa: ['1.2.840.113549.1.1.1'], ec: ['1.2.840.10045.2.1'] };
const SAD_LIFETIME_SECONDS = 300;
const MAX_BODY_BYTES = 64 * 1024;

interface Credential {
  id: string;
  userId: string;
  status: 'enabled' | 'disabled';
  key: StandInKey;
  certificate: Buffer;
}

interface Grant {
  credentialID: string;
  hashes: string[];
  expiresAt: number;
}

class CscFault extends Error {
  constructor(readonly status: number, readonly error: string, readonly description: string) {
    super(description);
  }
}

const invalidRequest = (description: string) => new CscFault(400, 'invalid_request', description);

export async function startCscStandIn(options: CscStandInOptions): Promise<CscStandIn> {
  const keyType = options.keyType ?? 'rsa';
  const ecdsaFormat = options.ecdsaFormat ?? 'der';
  const now = options.now ?? Date.now;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const clientId = `signet-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const otps = new Map(options.users.map((user) => [user.userId, user.otp]));
  const tokens = new Map<string, number>();
  const grants = new Map<string, Grant>();
  const credentials = new Map<string, Credential>();
  const requests: CscStandInRequest[] = [];
  const authorizations: CscStandInAuthorization[] = [];
  const refusals: CscFault[] = [];
  let signatures = 0;

  const server = http.createServer((req, res) => {
    answer(req).then(({ status, body, type }) => {
      res.writeHead(status, { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store' }).end(body);
    }).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'server_error', error_description: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const crlUrl = `${url}/crl/root.crl`;

  const ca = await createStandInCa();
  const crl = await issueStandInCrl(ca);
  for (const user of options.users) {
    for (const status of user.credentials ?? ['enabled']) {
      const key = generateStandInKey(keyType);
      const certificate = await issueQualifiedCertificate(ca, { key, name: user.name, email: user.email ?? `${user.userId}@example.com`, crlUrl });
      const id = `cred-${randomBytes(8).toString('hex')}`;
      credentials.set(id, { id, userId: user.userId, status, key, certificate });
    }
  }

  async function answer(req: http.IncomingMessage): Promise<{ status: number; body: Buffer; type: string }> {
    const path = new URL(req.url ?? '/', url).pathname;
    if (req.method === 'GET' && path === '/crl/root.crl') {
      requests.push({ path, status: 200 });
      return { status: 200, body: crl, type: 'application/pkix-crl' };
    }
    let status = 200;
    let json: unknown;
    try {
      const body = await readBody(req);
      if (req.method !== 'POST') throw new CscFault(405, 'invalid_request', `${req.method ?? ''} is not allowed`);
      json = path === '/oauth2/token' ? token(new URLSearchParams(body.toString('utf8'))) : cscMethod(path, req.headers.authorization, body);
    } catch (error) {
      if (!(error instanceof CscFault)) throw error;
      status = error.status;
      json = { error: error.error, error_description: error.description };
    }
    requests.push({ path, status, ...(status === 200 ? {} : { error: (json as { error: string }).error }) });
    return { status, body: Buffer.from(JSON.stringify(json)), type: 'application/json' };
  }

  function token(form: URLSearchParams): unknown {
    if (form.get('grant_type') !== 'client_credentials') throw new CscFault(400, 'unsupported_grant_type', 'Only client_credentials is supported');
    if (form.get('client_id') !== clientId || !sameSecret(form.get('client_secret') ?? '', clientSecret)) {
      throw new CscFault(401, 'invalid_client', 'Client authentication failed');
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, now() + tokenLifetimeSeconds * 1000);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: tokenLifetimeSeconds };
  }

  function cscMethod(path: string, authorization: string | undefined, body: Buffer): unknown {
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || now() >= expiresAt) throw new CscFault(401, 'invalid_token', 'The access token is missing, invalid or expired');
    const refusal = refusals.shift();
    if (refusal !== undefined) throw refusal;
    const input = parseObject(body);
    switch (path) {
      case '/csc/v2/credentials/list': return list(input);
      case '/csc/v2/credentials/info': return info(input);
      case '/csc/v2/credentials/authorize': return authorize(input);
      case '/csc/v2/signatures/signHash': return signHash(input);
      default: throw new CscFault(404, 'invalid_request', `Unknown method ${path}`);
    }
  }

  function list(input: Record<string, unknown>): unknown {
    const userId = requiredString(input, 'userID');
    return { credentialIDs: [...credentials.values()].filter((credential) => credential.userId === userId).map((credential) => credential.id) };
  }

  function info(input: Record<string, unknown>): unknown {
    const credential = credentialOf(input);
    const certificates = input.certificates ?? 'single';
    if (certificates !== 'none' && certificates !== 'single' && certificates !== 'chain') throw invalidRequest('Invalid parameter certificates');
    const chain = [credential.certificate, Buffer.from(ca.certificate.rawData)].slice(0, certificates === 'none' ? 0 : certificates === 'single' ? 1 : 2);
    const parsed = new x509.X509Certificate(credential.certificate);
    return {
      description: `Qualified signature credential of ${credential.userId}`,
      signatureQualifier: 'eu_eidas_qes',
      key: { status: credential.status, algo: KEY_ALGORITHMS[credential.key.keyType], len: credential.key.keyType === 'rsa' ? 2048 : 256,
        ...(credential.key.keyType === 'ec' ? { curve: '1.2.840.10045.3.1.7' } : {}) },
      cert: {
        status: 'valid',
        certificates: chain.map((der) => der.toString('base64')),
        ...(input.certInfo === true
          ? { issuerDN: parsed.issuer, serialNumber: parsed.serialNumber, subjectDN: parsed.subject, validFrom: generalizedTime(parsed.notBefore), validTo: generalizedTime(parsed.notAfter) }
          : {})
      },
      auth: { mode: 'explicit', objects: [{ type: 'Password', id: 'OTP', format: 'N', label: 'One-time password' }] },
      SCAL: '2',
      multisign: 1,
      lang: 'en-US'
    };
  }

  function authorize(input: Record<string, unknown>): unknown {
    const credential = credentialOf(input);
    if (input.numSignatures !== 1) throw invalidRequest(Number.isInteger(input.numSignatures) ? 'Numbers of signatures is too high' : 'Missing (or invalid type) integer parameter numSignatures');
    const hashes = hashesOf(input);
    if (hashes.length !== 1) throw invalidRequest('Invalid parameter hashes: one hash per signature');
    if (credential.status !== 'enabled') throw invalidRequest('The credential is disabled');
    const authData = Array.isArray(input.authData) ? (input.authData as Array<Record<string, unknown>>) : [];
    const otp = authData.find((item) => typeof item === 'object' && item !== null && item.id === 'OTP')?.value;
    if (typeof otp !== 'string') throw invalidRequest('Missing (or invalid type) string parameter OTP');
    const granted = sameSecret(otp, otps.get(credential.userId) ?? '');
    authorizations.push({ credentialID: credential.id, otp, hashes, granted });
    if (!granted) throw new CscFault(400, 'invalid_otp', 'The OTP is invalid');
    const sad = randomBytes(24).toString('base64url');
    grants.set(sad, { credentialID: credential.id, hashes, expiresAt: now() + SAD_LIFETIME_SECONDS * 1000 });
    return { SAD: sad, expiresIn: SAD_LIFETIME_SECONDS };
  }

  function signHash(input: Record<string, unknown>): unknown {
    const credential = credentialOf(input);
    const sad = requiredString(input, 'SAD');
    const grant = grants.get(sad);
    // Used once: whatever this request asks, the SAD is spent.
    grants.delete(sad);
    if (grant === undefined || grant.credentialID !== credential.id) throw invalidRequest('Invalid parameter SAD');
    if (now() >= grant.expiresAt) throw invalidRequest('SAD expired');
    const hashes = hashesOf(input);
    if (hashes.length !== grant.hashes.length || hashes.some((hash) => !grant.hashes.includes(hash))) {
      throw invalidRequest('Invalid parameter hashes: not the hashes the SAD authorized');
    }
    if (!SIGN_ALGORITHMS[credential.key.keyType].includes(input.signAlgo as string)) throw invalidRequest('Invalid parameter signAlgo');
    signatures += hashes.length;
    return { signatures: hashes.map((hash) => credential.key.sign(Buffer.from(hash, 'base64'), ecdsaFormat).toString('base64')) };
  }

  function credentialOf(input: Record<string, unknown>): Credential {
    const credential = credentials.get(requiredString(input, 'credentialID'));
    if (credential === undefined) throw invalidRequest('Invalid parameter credentialID');
    return credential;
  }

  return {
    url,
    clientId,
    clientSecret,
    caCertificate: Buffer.from(ca.certificate.rawData),
    crlUrl,
    requests,
    authorizations,
    get signatures() {
      return signatures;
    },
    credentialsOf: (userId) => [...credentials.values()].filter((credential) => credential.userId === userId).map((credential) => credential.id),
    setOtp(userId, otp) {
      if (!otps.has(userId)) throw new Error(`the CSC stand-in has no user ${userId}`);
      otps.set(userId, otp);
    },
    refuseNext(error, description, status = 400) {
      refusals.push(new CscFault(status, error, description));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      })
  };
}

/** SHA-256 hashes, base64: the only digest the stand-in signs. */
function hashesOf(input: Record<string, unknown>): string[] {
  if (input.hashAlgorithmOID !== undefined && input.hashAlgorithmOID !== SHA256) throw invalidRequest('Invalid parameter hashAlgorithmOID');
  const hashes = input.hashes;
  if (!Array.isArray(hashes) || hashes.length === 0) throw invalidRequest('Missing (or invalid type) array parameter hashes');
  for (const hash of hashes) {
    if (typeof hash !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(hash)) throw invalidRequest('Invalid parameter hashes: each a base64 SHA-256 digest');
  }
  return hashes as string[];
}

function requiredString(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value === '') throw invalidRequest(`Missing (or invalid type) string parameter ${name}`);
  return value;
}

function parseObject(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw invalidRequest('The body is not a JSON object');
}

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function generalizedTime(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').replace(/\.\d{3}/, '');
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new CscFault(413, 'invalid_request', `The body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
