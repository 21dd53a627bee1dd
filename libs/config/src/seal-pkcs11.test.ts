import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

const MODULE = '/usr/lib/softhsm/libsofthsm2.so';
const PEM = '-----BEGIN CERTIFICATE-----\nAQID\n-----END CERTIFICATE-----\n';
const base = { SIGNET_SEAL_PKCS11_MODULE: MODULE, SIGNET_SEAL_PKCS11_TOKEN: 'signet-seal', SIGNET_SEAL_PKCS11_PIN: '1234', SIGNET_SEAL_PKCS11_KEY_LABEL: 'seal-key' };

describe('the PKCS#11 seal key settings', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are off without a module', () => {
    expect(loadConfig({}).sealPkcs11).toBeNull();
    expect(loadConfig({ SIGNET_SEAL_PKCS11_TOKEN: 'x' }).sealPkcs11).toBeNull();
  });

  it('take the token by label, the PIN, the key by label, and the certificates from the token alone', () => {
    expect(loadConfig(base).sealPkcs11).toEqual({
      module: MODULE, tokenLabel: 'signet-seal', slotId: null, pin: '1234', keyLabel: 'seal-key', keyId: null, certificatesPem: null,
      variables: {
        module: 'SIGNET_SEAL_PKCS11_MODULE', token: 'SIGNET_SEAL_PKCS11_TOKEN', pin: 'SIGNET_SEAL_PKCS11_PIN', key: 'SIGNET_SEAL_PKCS11_KEY_LABEL',
        certificate: 'SIGNET_SEAL_CHAIN_PEM'
      }
    });
  });

  it('take the token by slot id, the PIN from a file, the key by id, and PEM certificates from a file', () => {
    writeFileSync(path.join(dir, 'pin'), '987654\n');
    writeFileSync(path.join(dir, 'chain.pem'), PEM);
    const env = {
      SIGNET_SEAL_PKCS11_MODULE: MODULE, SIGNET_SEAL_PKCS11_SLOT: '0x41b20814', SIGNET_SEAL_PKCS11_PIN_FILE: path.join(dir, 'pin'),
      SIGNET_SEAL_PKCS11_KEY_ID: '5e:41', SIGNET_SEAL_CHAIN_FILE: path.join(dir, 'chain.pem')
    };
    expect(loadConfig(env).sealPkcs11).toMatchObject({
      tokenLabel: null, slotId: 0x41b20814n, pin: '987654', keyLabel: null, keyId: Buffer.from([0x5e, 0x41]), certificatesPem: PEM,
      variables: { token: 'SIGNET_SEAL_PKCS11_SLOT', pin: 'SIGNET_SEAL_PKCS11_PIN_FILE', key: 'SIGNET_SEAL_PKCS11_KEY_ID', certificate: 'SIGNET_SEAL_CHAIN_FILE' }
    });
    expect(loadConfig({ ...base, SIGNET_SEAL_PKCS11_TOKEN: '', SIGNET_SEAL_PKCS11_SLOT: '1102186516', SIGNET_SEAL_CHAIN_PEM: PEM }).sealPkcs11).toMatchObject({
      slotId: 1102186516n, certificatesPem: PEM.trim()
    });
  });

  it('name the variable that is missing, doubled or bad, in one line', () => {
    const refused = (env: Record<string, string>) => () => loadConfig({ ...base, ...env });
    expect(refused({ SIGNET_SEAL_PKCS11_TOKEN: '' })).toThrow('Invalid configuration: SIGNET_SEAL_PKCS11_TOKEN or SIGNET_SEAL_PKCS11_SLOT is required with SIGNET_SEAL_PKCS11_MODULE');
    expect(refused({ SIGNET_SEAL_PKCS11_SLOT: '1' })).toThrow('Invalid configuration: SIGNET_SEAL_PKCS11_SLOT cannot be set with SIGNET_SEAL_PKCS11_TOKEN: set one of the two');
    expect(refused({ SIGNET_SEAL_PKCS11_TOKEN: '', SIGNET_SEAL_PKCS11_SLOT: 'first' })).toThrow(/^Invalid configuration: SIGNET_SEAL_PKCS11_SLOT must be a slot id/);
    expect(refused({ SIGNET_SEAL_PKCS11_PIN: '' })).toThrow('Invalid configuration: SIGNET_SEAL_PKCS11_PIN or SIGNET_SEAL_PKCS11_PIN_FILE is required with SIGNET_SEAL_PKCS11_MODULE');
    expect(refused({ SIGNET_SEAL_PKCS11_PIN: '', SIGNET_SEAL_PKCS11_PIN_FILE: path.join(dir, 'missing') })).toThrow(
      `Invalid configuration: SIGNET_SEAL_PKCS11_PIN_FILE names a file that cannot be read (ENOENT) (got "${path.join(dir, 'missing')}")`
    );
    expect(refused({ SIGNET_SEAL_PKCS11_KEY_LABEL: '' })).toThrow('Invalid configuration: SIGNET_SEAL_PKCS11_KEY_LABEL or SIGNET_SEAL_PKCS11_KEY_ID is required with SIGNET_SEAL_PKCS11_MODULE');
    expect(refused({ SIGNET_SEAL_PKCS11_KEY_ID: 'seal' })).toThrow('Invalid configuration: SIGNET_SEAL_PKCS11_KEY_ID must be the key\'s CKA_ID in hex, e.g. 5e41 (got "seal")');
    expect(refused({ SIGNET_SEAL_CHAIN_PEM: 'not a certificate' })).toThrow('Invalid configuration: SIGNET_SEAL_CHAIN_PEM must hold PEM certificates (-----BEGIN CERTIFICATE-----)');
    expect(refused({ SIGNET_SEAL_CHAIN_PEM: PEM, SIGNET_SEAL_CHAIN_FILE: '/etc/hostname' })).toThrow(
      'Invalid configuration: SIGNET_SEAL_CHAIN_FILE cannot be set with SIGNET_SEAL_CHAIN_PEM: set one of the two'
    );
  });
});
