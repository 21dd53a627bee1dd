import { ConfigError, type Pkcs11SealConfig } from '@signet/config';
import { pkcs11Signer, Pkcs11SetupError, type Signer, type TokenOptions } from '@signet/signed-pdf';

/**
 * The seal key in the configured HSM token, with its chain from the token and the PEM certificates. A
 * refusal (module, token, PIN, key, no certificate of the key) becomes a ConfigError naming the
 * variable to fix, so a start with a bad HSM setting ends in one line.
 */
export function openPkcs11Seal(config: Pkcs11SealConfig): Signer & { close(): void } {
  try {
    return pkcs11Signer({
      ...tokenOptionsOf(config),
      ...(config.keyLabel === null ? {} : { keyLabel: config.keyLabel }),
      ...(config.keyId === null ? {} : { keyId: config.keyId })
    }, configuredCertificates(config));
  } catch (error) {
    if (error instanceof Pkcs11SetupError) throw new ConfigError(config.variables[error.setting], error.message);
    throw error;
  }
}

/** The configured token (module, PIN, label or slot), for any key in it: the seal's, the signer CA's, act keys. */
export function tokenOptionsOf(config: Pkcs11SealConfig): TokenOptions {
  return {
    module: config.module,
    pin: config.pin,
    ...(config.tokenLabel === null ? {} : { tokenLabel: config.tokenLabel }),
    ...(config.slotId === null ? {} : { slotId: config.slotId })
  };
}

/** SIGNET_SEAL_CHAIN_PEM/_FILE's certificates, DER, to build chains from beside the token's own. */
export function configuredCertificates(config: Pkcs11SealConfig): Buffer[] {
  return config.certificatesPem === null ? [] : pemCertificates(config.certificatesPem);
}

function pemCertificates(pem: string): Buffer[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((match) => Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
}
