import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

/**
 * A CA made with OpenSSL whose seal certificate names an OCSP responder and no CRL, and that responder
 * (`openssl ocsp`) on 127.0.0.1: a CA that answers revocation only by OCSP, built and answered by a
 * tool Signet did not write.
 */
export interface OcspPki {
  dir: string;
  caPem: string;
  /** The seal's key and certificate, with the CA's, as SIGNET_SEAL_P12 takes them. */
  p12: Buffer;
  passphrase: string;
  /** Paths of the CA's and the seal's certificates, for `openssl ocsp -respin`. */
  caFile: string;
  sealFile: string;
  /** Revokes the seal certificate in the responder's index and restarts the responder. */
  revokeSeal(): Promise<void>;
  /** Stops the responder (resolves once it has exited) and removes the files. */
  close(): Promise<void>;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** `openssl ocsp -index` reads `V|R <expiry> <revoked at> <serial> unknown <subject>` lines. */
function indexLine(dir: string, status: 'V' | 'R'): string {
  const serial = openssl(dir, ['x509', '-in', 'seal.crt', '-noout', '-serial']).trim().replace('serial=', '');
  const expiry = new Date(openssl(dir, ['x509', '-in', 'seal.crt', '-noout', '-enddate']).trim().replace('notAfter=', ''));
  const utc = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return [status, utc(expiry), status === 'R' ? utc(new Date()) : '', serial, 'unknown', '/CN=Signet OCSP Test Seal'].join('\t') + '\n';
}

export async function startOcspPki(): Promise<OcspPki> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signet-ocsp-'));
  const port = await freePort();
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=Signet OCSP Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'seal.key', '-out', 'seal.csr', '-subj', '/CN=Signet OCSP Test Seal']);
  writeFileSync(path.join(dir, 'seal.ext'), [
    'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,nonRepudiation', `authorityInfoAccess=OCSP;URI:http://127.0.0.1:${port}`
  ].join('\n'));
  openssl(dir, ['x509', '-req', '-in', 'seal.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-set_serial', '4242', '-out', 'seal.crt', '-days', '30', '-extfile', 'seal.ext']);
  const passphrase = 'ocsp-test-passphrase';
  openssl(dir, ['pkcs12', '-export', '-inkey', 'seal.key', '-in', 'seal.crt', '-certfile', 'ca.crt', '-out', 'seal.p12', '-passout', `pass:${passphrase}`]);
  writeFileSync(path.join(dir, 'index.txt'), indexLine(dir, 'V'));

  let responder: ChildProcess | null = null;
  const startResponder = async () => {
    responder = spawn('openssl', ['ocsp', '-index', 'index.txt', '-port', String(port), '-rsigner', 'ca.crt', '-rkey', 'ca.key', '-CA', 'ca.crt', '-ignore_err'], { cwd: dir, stdio: 'ignore' });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)), 10_000, 'openssl ocsp listening');
  };
  const stopResponder = async () => {
    const running = responder;
    responder = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill();
    await exited;
  };
  await startResponder();
  return {
    dir,
    caPem: readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
    p12: readFileSync(path.join(dir, 'seal.p12')),
    passphrase,
    caFile: path.join(dir, 'ca.crt'),
    sealFile: path.join(dir, 'seal.crt'),
    async revokeSeal() {
      await stopResponder();
      writeFileSync(path.join(dir, 'index.txt'), indexLine(dir, 'R'));
      await startResponder();
    },
    async close() {
      await stopResponder();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** What OpenSSL makes of an OCSP response (DER) for the seal: `openssl ocsp -respin`'s output and its verdict on stderr. */
export function opensslReadOcsp(pki: OcspPki, response: Buffer): string {
  const file = path.join(pki.dir, `response-${Date.now()}.der`);
  writeFileSync(file, response);
  try {
    const run = spawnSync('openssl', ['ocsp', '-respin', file, '-issuer', pki.caFile, '-cert', pki.sealFile, '-CAfile', pki.caFile]);
    return `${run.stdout.toString()}${run.stderr.toString()}`;
  } finally {
    rmSync(file, { force: true });
  }
}
