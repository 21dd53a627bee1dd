import type { Knex } from 'knex';
import { ConfigError, type SignetConfig } from '@signet/config';
import type { Logger } from '@signet/log';
import {
  httpTimestamper, issueCrl, pkcs12Signer, type Signer, signerOf, timestampAuthority, type Timestamper, type ValidationData
} from '@signet/signed-pdf';
import { fetchCrls } from './fetch-crls';
import { fetchOcspResponses } from './fetch-ocsp-responses';
import { loadDevelopmentPki } from './development-pki-store';
import { loadedOnce, type LoadedOnce } from './loaded-once';
import { openPkcs11Seal } from './open-pkcs11-seal';

/** Policy OID of the development TSA's tokens (an arc reserved for tests and examples would do as well). */
const DEVELOPMENT_TSA_POLICY = '1.3.6.1.4.1.64000.1.1';
/** The development CA's CRL is valid a week and reissued daily, so one fetched today is fresh for days. */
const CRL_REISSUE_MS = 24 * 60 * 60 * 1000;

/** The configured certificate's key, or a ConfigError naming the variable: a wrong passphrase or a broken file. */
function openPkcs12Seal(p12: Buffer, passphrase: string): Signer {
  try {
    return pkcs12Signer(p12, passphrase);
  } catch (error) {
    throw new ConfigError('SIGNET_SEAL_P12', `could not be opened with SIGNET_SEAL_PASSPHRASE: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What seals: the key and chain, the timestamp source, and the development CA's CRL when it is ours. */
export interface SealIdentity {
  signer: Signer;
  /** Null: no TSA_URL and a configured certificate, so signatures stay PAdES B-B. */
  timestamper: Timestamper | null;
  /** The TSA's chain when it is the development TSA (a remote TSA sends its own in each token). */
  tsaChain: Buffer[] | null;
  development: boolean;
  crlUrl: string | null;
  /** The development CA's current CRL (DER), or null for a configured certificate. */
  crl(): Promise<Buffer | null>;
  /** Chains and revocation data for the /DSS of a sealed PDF (PAdES B-LT). */
  validationData(): Promise<ValidationData>;
  /** Lets go of the key: logs out of the HSM token; nothing to do for a key in memory. */
  close(): void;
}

/** Loads the seal once per process, on first use; `close` lets go of it when the service stops. */
export type SealIdentitySource = LoadedOnce<SealIdentity>;

export interface SealIdentityDeps {
  db: Knex;
  config: SignetConfig;
  internalSecret: string;
  clock: () => Date;
  log: Logger;
}

/**
 * The HSM key (SIGNET_SEAL_PKCS11_*), else the configured certificate (SIGNET_SEAL_P12), else the
 * development PKI. A remote TSA (TSA_URL) always wins; without one the development TSA timestamps only
 * what the development CA seals, since a production seal timestamped by an untrusted TSA would gain
 * nothing.
 */
export function createSealIdentity(deps: SealIdentityDeps): SealIdentitySource {
  return loadedOnce(load);

  async function load(): Promise<SealIdentity> {
    const { tsa } = deps.config;
    const remote = tsa
      ? httpTimestamper({ urls: tsa.urls, timeoutMs: tsa.timeoutMs, ...(tsa.username !== null ? { username: tsa.username, password: tsa.password ?? '' } : {}) })
      : null;
    if (deps.config.sealPkcs11) {
      if (!remote) deps.log.warn('no TSA_URL: signatures made with the PKCS#11 key carry no timestamp (PAdES B-B)');
      const signer = openPkcs11Seal(deps.config.sealPkcs11);
      return { ...configured(signer, remote), close: () => signer.close() };
    }
    if (deps.config.seal) {
      if (!remote) deps.log.warn('no TSA_URL: signatures made with SIGNET_SEAL_P12 carry no timestamp (PAdES B-B)');
      return configured(openPkcs12Seal(deps.config.seal.p12, deps.config.seal.passphrase), remote);
    }
    const pki = await loadDevelopmentPki(deps.db, deps.internalSecret, deps.config.publicBaseUrl, deps.clock());
    const developmentTsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: DEVELOPMENT_TSA_POLICY, clock: deps.clock });
    let crl: { der: Buffer; issuedAt: number } | null = null;
    const tsaChain = remote ? null : [pki.tsa.certificate, pki.ca.certificate];
    const currentCrl = async (): Promise<Buffer> => {
      const now = deps.clock();
      if (!crl || now.getTime() - crl.issuedAt >= CRL_REISSUE_MS) crl = { der: await issueCrl(pki.ca, now), issuedAt: now.getTime() };
      return crl.der;
    };
    return {
      signer: signerOf(pki.seal, [pki.ca.certificate]),
      timestamper: remote ?? developmentTsa.timestamper,
      tsaChain,
      development: true,
      crlUrl: pki.crlUrl,
      crl: currentCrl,
      validationData: async () => ({ certificates: [pki.seal.certificate, ...(tsaChain ?? []), pki.ca.certificate], crls: [await currentCrl()] }),
      close: () => undefined
    };
  }

  /** A certificate the operator configured: its chain, the CRLs it names and its responders' OCSP answers go into the /DSS. */
  function configured(signer: Signer, timestamper: Timestamper | null): SealIdentity {
    return {
      signer, timestamper, tsaChain: null, development: false, crlUrl: null, crl: async () => null,
      validationData: async () => ({
        certificates: signer.certificates,
        crls: await fetchCrls(signer.certificates, deps.log),
        ocsps: await fetchOcspResponses(signer.certificates, deps.log)
      }),
      close: () => undefined
    };
  }
}
