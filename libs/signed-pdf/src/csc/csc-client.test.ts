import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CscStandIn, freePort, opensslVerifyCms, opensslVerifyCrl, startCscStandIn } from '@signet/testkit';
import { buildSignedData } from '../cms/signed-data';
import { pemOf } from '../pki/development-pki';
import { OID } from '../seal/oids';
import { createCscClient, type CscClient, MAX_CHAIN_CERTIFICATES, MAX_CREDENTIALS } from './csc-client';
import { cscSigner } from './csc-signer';
import { MAX_ANSWER_BYTES } from './csc-transport';
import { ecdsaDerSignature } from './ecdsa-signature';
import { RemoteSigningRefused, RemoteSigningUnavailable } from './remote-signing-errors';

const ANA = { userId: 'ana', name: 'Ana Núñez', otp: '123456' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
const clientOf = (standIn: CscStandIn, overrides: Partial<Parameters<typeof createCscClient>[0]> = {}): CscClient =>
  createCscClient({ baseUrl: standIn.url, clientId: standIn.clientId, clientSecret: standIn.clientSecret, ...overrides });
const countOf = (standIn: CscStandIn, path: string) => standIn.requests.filter((request) => request.path === path).length;

describe('CSC API v2 client against the stand-in', () => {
  let standIn: CscStandIn;
  let clock = Date.now();

  beforeAll(async () => {
    standIn = await startCscStandIn({
      users: [ANA, { userId: 'bob', name: 'Bob', otp: '1111', credentials: ['disabled'] }, { userId: 'dan', name: 'Dan', otp: '2222', credentials: ['disabled', 'enabled'] }],
      tokenLifetimeSeconds: 600,
      now: () => clock
    });
  });
  afterAll(() => standIn.close());

  it("asks for a token once, lists the user's credentials and reads one's chain, key and status", async () => {
    const client = clientOf(standIn, { now: () => clock });
    const tokensBefore = countOf(standIn, '/oauth2/token');
    const ids = await client.listCredentials('ana');
    expect(ids).toEqual(standIn.credentialsOf('ana'));
    const info = await client.credentialInfo(ids[0]!);
    expect(info).toMatchObject({ credentialId: ids[0], keyStatus: 'enabled', certificateStatus: 'valid', keyType: 'rsa' });
    expect(info.certificates).toHaveLength(2);
    expect(new X509Certificate(info.certificates[0]!).subject).toContain('CN=Ana Núñez');
    expect(info.certificates[1]).toEqual(standIn.caCertificate);
    expect(countOf(standIn, '/oauth2/token') - tokensBefore).toBe(1);
    expect((await client.credentialInfo(standIn.credentialsOf('bob')[0]!)).keyStatus).toBe('disabled');
  });

  it('asks for a new token shortly before the one it holds expires', async () => {
    const client = clientOf(standIn, { now: () => clock });
    const tokensBefore = countOf(standIn, '/oauth2/token');
    await client.listCredentials('ana');
    clock += 500_000;
    await client.listCredentials('ana');
    expect(countOf(standIn, '/oauth2/token') - tokensBefore).toBe(1);
    // 600 s tokens are replaced 60 s early: at 550 s the stand-in would still take the old one.
    clock += 50_000;
    await client.listCredentials('ana');
    expect(countOf(standIn, '/oauth2/token') - tokensBefore).toBe(2);
    expect(standIn.requests.at(-1)).toEqual({ path: '/csc/v2/credentials/list', status: 200 });
  });

  it('signs with the first enabled credential: one authorize with the OTP and the hash, one signHash, a signature of the certificate', async () => {
    const client = clientOf(standIn, { now: () => clock });
    const signer = await cscSigner(client, { userId: 'dan', otp: '2222' });
    const [disabled, enabled] = standIn.credentialsOf('dan');
    const [authorizeBefore, signHashBefore, signaturesBefore] = [countOf(standIn, '/csc/v2/credentials/authorize'), countOf(standIn, '/csc/v2/signatures/signHash'), standIn.signatures];
    const data = randomBytes(100);
    const signature = await signer.sign(data);
    expect(verify('sha256', data, new X509Certificate(signer.certificates[0]!).publicKey, signature)).toBe(true);
    expect(standIn.authorizations.at(-1)).toEqual({ credentialID: enabled, otp: '2222', hashes: [sha256(data).toString('base64')], granted: true });
    expect(standIn.authorizations.some((authorization) => authorization.credentialID === disabled)).toBe(false);
    expect(countOf(standIn, '/csc/v2/credentials/authorize') - authorizeBefore).toBe(1);
    expect(countOf(standIn, '/csc/v2/signatures/signHash') - signHashBefore).toBe(1);
    expect(standIn.signatures - signaturesBefore).toBe(1);
  });

  it('refuses a wrong OTP with the provider\'s error and description, and nothing is signed', async () => {
    const signer = await cscSigner(clientOf(standIn, { now: () => clock }), { userId: 'ana', otp: '654321' });
    const [signaturesBefore, signHashBefore] = [standIn.signatures, countOf(standIn, '/csc/v2/signatures/signHash')];
    const refusal = await signer.sign(Buffer.from('contract')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RemoteSigningRefused);
    expect(refusal).toMatchObject({ step: 'authorize', error: 'invalid_otp', errorDescription: 'The OTP is invalid', status: 400 });
    expect(standIn.authorizations.at(-1)).toMatchObject({ otp: '654321', granted: false });
    expect(standIn.signatures).toBe(signaturesBefore);
    expect(countOf(standIn, '/csc/v2/signatures/signHash')).toBe(signHashBefore);
  });

  it('an OTP the provider has moved on from is refused', async () => {
    const signer = await cscSigner(clientOf(standIn, { now: () => clock }), { userId: 'ana', otp: ANA.otp });
    await signer.sign(Buffer.from('first'));
    standIn.setOtp('ana', '777777');
    await expect(signer.sign(Buffer.from('second'))).rejects.toMatchObject({ name: 'RemoteSigningRefused', error: 'invalid_otp' });
    standIn.setOtp('ana', ANA.otp);
  });

  it('a wrong client secret is refused at the token endpoint', async () => {
    const client = clientOf(standIn, { clientSecret: 'not-the-secret' });
    const refusal = await client.listCredentials('ana').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RemoteSigningRefused);
    expect(refusal).toMatchObject({ step: 'token', error: 'invalid_client', status: 401 });
  });

  it('a signer with no enabled credential, or none at all, is refused with no_credential', async () => {
    const client = clientOf(standIn, { now: () => clock });
    for (const userId of ['bob', 'nobody']) {
      const refusal = await cscSigner(client, { userId, otp: '1111' }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RemoteSigningRefused);
      expect(refusal).toMatchObject({ step: 'list', error: 'no_credential', status: null });
    }
  });

  it("the provider's 4xx is a refusal and its 5xx an outage, each naming the step", async () => {
    const signer = await cscSigner(clientOf(standIn, { now: () => clock }), { userId: 'ana', otp: ANA.otp });
    standIn.refuseNext('invalid_request', 'The credential is suspended');
    await expect(signer.sign(Buffer.from('a'))).rejects.toMatchObject({
      name: 'RemoteSigningRefused', step: 'authorize', error: 'invalid_request', errorDescription: 'The credential is suspended'
    });
    standIn.refuseNext('server_error', 'The HSM is offline', 503);
    const outage = await signer.sign(Buffer.from('b')).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(RemoteSigningUnavailable);
    expect(outage).toMatchObject({ step: 'authorize', status: 503 });
    expect((outage as Error).message).toContain('The HSM is offline');
  });

  it('refuses a SAD used twice, and a signHash of a hash the SAD did not authorize', async () => {
    const client = clientOf(standIn, { now: () => clock });
    const credentialId = standIn.credentialsOf('ana')[0]!;
    const [hash, other] = [sha256(Buffer.from('one')), sha256(Buffer.from('two'))];
    const sad = await client.authorize({ credentialId, hash, otp: ANA.otp });
    await client.signHash({ credentialId, sad, hash, keyType: 'rsa' });
    await expect(client.signHash({ credentialId, sad, hash, keyType: 'rsa' })).rejects.toMatchObject({
      name: 'RemoteSigningRefused', step: 'signHash', error: 'invalid_request', errorDescription: 'Invalid parameter SAD'
    });
    const another = await client.authorize({ credentialId, hash, otp: ANA.otp });
    await expect(client.signHash({ credentialId, sad: another, hash: other, keyType: 'rsa' })).rejects.toMatchObject({
      name: 'RemoteSigningRefused', errorDescription: 'Invalid parameter hashes: not the hashes the SAD authorized'
    });
  });
});

describe.each([
  { keyType: 'rsa', ecdsaFormat: 'der' },
  { keyType: 'ec', ecdsaFormat: 'der' },
  { keyType: 'ec', ecdsaFormat: 'raw' }
] as const)('a CMS signed through the CSC API ($keyType key, ECDSA as $ecdsaFormat)', ({ keyType, ecdsaFormat }) => {
  let standIn: CscStandIn;
  beforeAll(async () => {
    standIn = await startCscStandIn({ users: [ANA], keyType, ecdsaFormat });
  });
  afterAll(() => standIn.close());

  it('verifies with OpenSSL against the stand-in CA', async () => {
    const signer = await cscSigner(clientOf(standIn), { userId: 'ana', otp: ANA.otp });
    expect(signer.keyType).toBe(keyType);
    const content = Buffer.from('%PDF-1.7 the signed ranges of a contract');
    const cms = await buildSignedData({ signer, contentType: OID.data, content });
    expect(opensslVerifyCms(cms, content, pemOf(standIn.caCertificate))).toMatchObject({ ok: true });
    expect(opensslVerifyCms(cms, Buffer.from('%PDF-1.7 another contract'), pemOf(standIn.caCertificate)).ok).toBe(false);
  });
});

describe("the stand-in's certificates", () => {
  let standIn: CscStandIn;
  let dir: string;
  beforeAll(async () => {
    standIn = await startCscStandIn({ users: [{ ...ANA, email: 'ana@example.es' }] });
    dir = mkdtempSync(path.join(tmpdir(), 'signet-csc-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await standIn.close();
  });

  it('are qualified-shaped, name a CRL the stand-in serves, and pass an OpenSSL revocation check', async () => {
    const client = clientOf(standIn);
    const [certificate] = (await client.credentialInfo(standIn.credentialsOf('ana')[0]!)).certificates;
    writeFileSync(path.join(dir, 'ana.der'), certificate!);
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir }).toString();
    const text = openssl('x509', '-inform', 'DER', '-in', 'ana.der', '-noout', '-text');
    expect(text).toContain('Issuer: CN = CSC Stand-in Root CA');
    expect(text).toMatch(/Subject: CN = .*emailAddress = ana@example.es/);
    expect(text).toContain('Digital Signature, Non Repudiation');
    expect(text).toContain('email:ana@example.es');
    expect(text).toContain(`URI:${standIn.crlUrl}`);
    const qcStatements = /^\s*(\d+):.*OBJECT\s+:qcStatements\n\s*(\d+):/m.exec(openssl('asn1parse', '-inform', 'DER', '-in', 'ana.der'));
    const statements = openssl('asn1parse', '-inform', 'DER', '-in', 'ana.der', '-strparse', qcStatements![2]!);
    expect(statements).toContain(':0.4.0.1862.1.1');
    expect(statements).toContain(':0.4.0.1862.1.4');

    const crl = Buffer.from(await (await fetch(standIn.crlUrl)).arrayBuffer());
    expect(opensslVerifyCrl(crl, pemOf(standIn.caCertificate)).ok).toBe(true);
    writeFileSync(path.join(dir, 'ca.pem'), pemOf(standIn.caCertificate));
    writeFileSync(path.join(dir, 'crl.pem'), pemOf(crl, 'X509 CRL'));
    writeFileSync(path.join(dir, 'ana.pem'), pemOf(certificate!));
    expect(openssl('verify', '-crl_check', '-CRLfile', 'crl.pem', '-CAfile', 'ca.pem', 'ana.pem')).toContain('ana.pem: OK');
  });
});

describe('a provider that is down or answers outside the CSC API', () => {
  it('a closed port is unavailable at once', async () => {
    const client = createCscClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, clientId: 'c', clientSecret: 's', timeoutMs: 2000 });
    const outage = await client.listCredentials('ana').catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(RemoteSigningUnavailable);
    expect(outage).toMatchObject({ step: 'token', reason: 'ECONNREFUSED', status: null });
  });

  it('a provider that never answers is unavailable once the timeout has passed', async () => {
    const connections: net.Socket[] = [];
    const silent = net.createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const client = createCscClient({ baseUrl: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's', timeoutMs: 300 });
      const started = Date.now();
      await expect(client.listCredentials('ana')).rejects.toMatchObject({ name: 'RemoteSigningUnavailable', reason: 'no answer within 300 ms' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  /** A provider whose token endpoint works and whose CSC methods answer `csc`. */
  const answering = (csc: () => Response) => createCscClient({
    baseUrl: 'https://csc.example', clientId: 'c', clientSecret: 's',
    fetch: async (url) => (String(url).endsWith('/oauth2/token') ? Response.json({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }) : csc())
  });

  it('an answer larger than the limit, one not JSON, or not in the CSC shape, is unavailable', async () => {
    const huge = () => new Response(JSON.stringify({ credentialIDs: ['x'.repeat(MAX_ANSWER_BYTES)] }));
    await expect(answering(huge).listCredentials('ana')).rejects.toMatchObject({ step: 'list', reason: `the answer is larger than ${MAX_ANSWER_BYTES} bytes` });
    await expect(answering(() => new Response('<html>')).listCredentials('ana')).rejects.toMatchObject({ name: 'RemoteSigningUnavailable', status: 200 });
    await expect(answering(() => Response.json({ credentials: [] })).listCredentials('ana')).rejects.toMatchObject({ name: 'RemoteSigningUnavailable', step: 'list' });
    await expect(answering(() => Response.json({ key: { status: 'on' }, cert: { certificates: ['MIIB'] } })).credentialInfo('c1')).rejects.toMatchObject({
      reason: 'the answer does not follow the CSC API: key.status is not one of enabled, disabled'
    });
    await expect(answering(() => Response.json({ key: { status: 'enabled' }, cert: { certificates: ['MIIB'] } })).credentialInfo('c1')).rejects.toMatchObject({
      reason: 'the answer does not follow the CSC API: a certificate cannot be read (not DER X.509)'
    });
    const chain = Array.from({ length: MAX_CHAIN_CERTIFICATES + 1 }, () => 'MIIB');
    await expect(answering(() => Response.json({ key: { status: 'enabled' }, cert: { certificates: chain } })).credentialInfo('c1')).rejects.toMatchObject({
      reason: `the answer does not follow the CSC API: more than ${MAX_CHAIN_CERTIFICATES} certificates`
    });
    await expect(answering(() => Response.json({ signatures: ['AAAA'] })).signHash({ credentialId: 'c1', sad: 's', hash: sha256(Buffer.from('x')), keyType: 'ec' }))
      .rejects.toMatchObject({ step: 'signHash', reason: 'the answer does not follow the CSC API: the signature is not an ECDSA signature (DER or r || s)' });
  });

  it('reads only the first credentials of a long list', async () => {
    const ids = Array.from({ length: 50 }, (_, index) => `c${index}`);
    expect(await answering(() => Response.json({ credentialIDs: ids })).listCredentials('ana')).toHaveLength(MAX_CREDENTIALS);
  });

  it('refuses a service URL that would send the secrets in clear', () => {
    expect(() => createCscClient({ baseUrl: 'http://csc.example', clientId: 'c', clientSecret: 's' })).toThrow('must be https (http only on loopback)');
  });
});

describe('ECDSA signatures from the service', () => {
  const r = Buffer.concat([Buffer.from([0x80]), randomBytes(31)]);
  const s = Buffer.concat([Buffer.from([0x01]), randomBytes(31)]);
  const canonical = Buffer.concat([Buffer.from([0x30, 0x45, 0x02, 0x21, 0x00]), r, Buffer.from([0x02, 0x20]), s]);

  it('become one canonical DER Ecdsa-Sig-Value, from DER with needless zeros or from r || s', () => {
    expect(ecdsaDerSignature(canonical)).toEqual(canonical);
    const padded = Buffer.concat([Buffer.from([0x30, 0x47, 0x02, 0x21, 0x00]), r, Buffer.from([0x02, 0x22, 0x00, 0x00]), s]);
    expect(ecdsaDerSignature(padded)).toEqual(canonical);
    expect(ecdsaDerSignature(Buffer.concat([r, s]))).toEqual(canonical);
  });

  it('anything else is no signature', () => {
    expect(ecdsaDerSignature(Buffer.alloc(0))).toBeNull();
    expect(ecdsaDerSignature(Buffer.concat([canonical, Buffer.from([0])]))).toBeNull();
    expect(ecdsaDerSignature(Buffer.alloc(64))).toBeNull();
    expect(ecdsaDerSignature(randomBytes(70))).toBeNull();
  });
});
