import { ConfigError, type SignetConfig } from '@signet/config';
import {
  type ActKeyStore, issueCrlWithSigner, memoryActKeys, pkcs11Signer, pkcs12Signer, Pkcs11SetupError, type Signer, type SignerCa, signerOf, tokenActKeys
} from '@signet/signed-pdf';
import type { Knex } from 'knex';
import { loadedOnce, type LoadedOnce } from './loaded-once';
import { configuredCertificates, tokenOptionsOf } from './open-pkcs11-seal';
import { loadDevelopmentSignerCa } from './signer-ca-store';

/** Where the signer CA's CRL is published (the gateway serves it without an API key). */
export const SIGNER_CA_CRL_PATH = '/pki/signet-signer-ca.crl';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The CRL is valid a week and reissued daily, so one fetched today is fresh for days. */
const CRL_REISSUE_MS = DAY_MS;

/** What certifies signers' acts: the signer CA, where act keys are made, and the CA's CRL. */
export interface SignerAuthority {
  ca: SignerCa;
  actKeys: ActKeyStore;
  development: boolean;
  /** The signer CA's current CRL (DER), issued by Signet itself since it holds the CA's key. */
  crl(): Promise<Buffer>;
  close(): void;
}

export type SignerAuthoritySource = LoadedOnce<SignerAuthority>;

export interface SignerAuthorityDeps {
  db: Knex;
  config: SignetConfig;
  internalSecret: string;
  clock: () => Date;
}

/**
 * The signer CA of SIGNET_SIGNER_CA_P12 or SIGNET_SIGNER_CA_PKCS11_KEY_LABEL, else the development signer
 * CA; act keys in the seal's PKCS#11 token when there is one, else in memory. Loaded on first use.
 */
export function createSignerAuthority(deps: SignerAuthorityDeps): SignerAuthoritySource {
  return loadedOnce(load);

  async function load(): Promise<SignerAuthority> {
    const { signer, development, close: closeCa } = await openCa();
    const ca: SignerCa = { signer, crlUrl: `${deps.config.publicBaseUrl}${SIGNER_CA_CRL_PATH}` };
    let crl: { der: Buffer; issuedAt: number } | null = null;
    return {
      ca,
      actKeys: actKeyStore(deps.config),
      development,
      crl: async () => {
        const now = deps.clock();
        if (!crl || now.getTime() - crl.issuedAt >= CRL_REISSUE_MS) {
          crl = { der: await issueCrlWithSigner(signer, new Date(now.getTime() - 5 * 60 * 1000), new Date(now.getTime() + 7 * DAY_MS)), issuedAt: now.getTime() };
        }
        return crl.der;
      },
      close: closeCa
    };
  }

  async function openCa(): Promise<{ signer: Signer; development: boolean; close(): void }> {
    const configured = deps.config.signerCa;
    if (configured?.kind === 'p12') {
      try {
        return { signer: pkcs12Signer(configured.p12, configured.passphrase), development: false, close: () => undefined };
      } catch (error) {
        throw new ConfigError('SIGNET_SIGNER_CA_P12', `could not be opened with SIGNET_SIGNER_CA_PASSPHRASE: ${(error as Error).message}`);
      }
    }
    if (configured?.kind === 'pkcs11') {
      const signer = openTokenCa(deps.config, configured.keyLabel);
      return { signer, development: false, close: () => signer.close() };
    }
    const pair = await loadDevelopmentSignerCa(deps.db, deps.internalSecret, deps.clock());
    return { signer: signerOf(pair, []), development: true, close: () => undefined };
  }
}

function openTokenCa(config: SignetConfig, keyLabel: string): Signer & { close(): void } {
  const token = config.sealPkcs11!;
  try {
    return pkcs11Signer({ ...tokenOptionsOf(token), keyLabel }, configuredCertificates(token));
  } catch (error) {
    if (error instanceof Pkcs11SetupError) throw new ConfigError('SIGNET_SIGNER_CA_PKCS11_KEY_LABEL', error.message);
    throw error;
  }
}

/** Act keys live where the seal's key does: in its token (an HSM) when there is one, else in memory. */
export function actKeyStorage(config: SignetConfig): 'hsm' | 'memory' {
  return config.sealPkcs11 ? 'hsm' : 'memory';
}

function actKeyStore(config: SignetConfig): ActKeyStore {
  return config.sealPkcs11 ? tokenActKeys(tokenOptionsOf(config.sealPkcs11)) : memoryActKeys;
}
