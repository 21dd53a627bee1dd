import { loadConfig } from './config';
import { PART_NAMES, partEnvPrefix } from './parts';
import { CONFIG_VARIABLES } from './variables';

describe('loadConfig', () => {
  it('runs monolith mode with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.kafka).toBeNull();
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")');
    expect(() => loadConfig({ KAFKA_BROKERS: 'localhost' })).toThrow(/^Invalid configuration: KAFKA_BROKERS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid configuration: DATABASE_URL/);
  });

  it('reads the seal certificate as base64 PKCS#12 with its passphrase, or none', () => {
    expect(loadConfig({}).seal).toBeNull();
    expect(loadConfig({ SIGNET_SEAL_P12: 'AQID', SIGNET_SEAL_PASSPHRASE: 'secret' }).seal).toEqual({ p12: Buffer.from([1, 2, 3]), passphrase: 'secret' });
    expect(() => loadConfig({ SIGNET_SEAL_P12: 'not base64!' })).toThrow('Invalid configuration: SIGNET_SEAL_P12 must be a base64 PKCS#12 file');
  });

  it('reads several TSA URLs for failover with optional credentials, or none', () => {
    expect(loadConfig({}).tsa).toBeNull();
    expect(loadConfig({ TSA_URL: 'https://tsa.example/a, http://tsa2.example/b', TSA_USERNAME: 'u', TSA_PASSWORD: 'p' }).tsa).toEqual({
      urls: ['https://tsa.example/a', 'http://tsa2.example/b'], username: 'u', password: 'p', timeoutMs: 10000
    });
    expect(() => loadConfig({ TSA_URL: 'https://tsa.example, ftp://x' })).toThrow(/^Invalid configuration: TSA_URL must be a URL/);
  });

  it('reads the signer CA as a PKCS#12 file or a key in the seal\'s token, never both', () => {
    expect(loadConfig({}).signerCa).toBeNull();
    expect(loadConfig({ SIGNET_SIGNER_CA_P12: 'AQID', SIGNET_SIGNER_CA_PASSPHRASE: 'pw' }).signerCa).toEqual({ kind: 'p12', p12: Buffer.from([1, 2, 3]), passphrase: 'pw' });
    expect(() => loadConfig({ SIGNET_SIGNER_CA_PKCS11_KEY_LABEL: 'signer-ca' })).toThrow('Invalid configuration: SIGNET_SIGNER_CA_PKCS11_KEY_LABEL needs the token of SIGNET_SEAL_PKCS11_MODULE');
    expect(() => loadConfig({ SIGNET_SIGNER_CA_P12: 'AQID', SIGNET_SIGNER_CA_PKCS11_KEY_LABEL: 'signer-ca' })).toThrow(/^Invalid configuration: SIGNET_SIGNER_CA_P12 and SIGNET_SIGNER_CA_PKCS11_KEY_LABEL both name a signer CA/);
  });

  it('reads the remote signing service (CSC) as all of URL, client id and secret, or none', () => {
    expect(loadConfig({}).csc).toBeNull();
    const csc = { SIGNET_CSC_URL: 'https://qtsp.example/api/', SIGNET_CSC_CLIENT_ID: 'signet', SIGNET_CSC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig(csc).csc).toEqual({ baseUrl: 'https://qtsp.example/api', clientId: 'signet', clientSecret: 's3cret', timeoutMs: 10000 });
    expect(loadConfig({ ...csc, SIGNET_CSC_URL: 'http://127.0.0.1:4430', SIGNET_CSC_TIMEOUT_MS: '2500' }).csc).toMatchObject({ baseUrl: 'http://127.0.0.1:4430', timeoutMs: 2500 });
    expect(() => loadConfig({ ...csc, SIGNET_CSC_CLIENT_SECRET: '' })).toThrow('Invalid configuration: SIGNET_CSC_CLIENT_SECRET is required with SIGNET_CSC_URL');
    expect(() => loadConfig({ SIGNET_CSC_CLIENT_ID: 'signet', SIGNET_CSC_CLIENT_SECRET: 's3cret' })).toThrow(/^Invalid configuration: SIGNET_CSC_URL is required/);
    expect(() => loadConfig({ SIGNET_CSC_URL: 'https://qtsp.example' })).toThrow('Invalid configuration: SIGNET_CSC_CLIENT_ID is required with SIGNET_CSC_URL');
    expect(() => loadConfig({ ...csc, SIGNET_CSC_URL: 'http://qtsp.example' })).toThrow(
      'Invalid configuration: SIGNET_CSC_URL must be https (http only on loopback, for tests) (got "http://qtsp.example")'
    );
    expect(() => loadConfig({ ...csc, SIGNET_CSC_URL: 'ftp://qtsp.example' })).toThrow(/^Invalid configuration: SIGNET_CSC_URL must be a URL/);
  });


  it('parses bootstrap keys and per-part URLs', () => {
    const config = loadConfig({
      SIGNET_BOOTSTRAP_API_KEYS: 'dev-key-123:acme:starter, other-key-456:globex:enterprise',
      SETTINGS_URL: 'http://settings:3000/',
      KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092'
    });
    expect(config.bootstrapApiKeys).toEqual([
      { key: 'dev-key-123', tenantId: 'acme', plan: 'starter' },
      { key: 'other-key-456', tenantId: 'globex', plan: 'enterprise' }
    ]);
    expect(config.serviceUrls.settings).toBe('http://settings:3000');
    expect(config.kafka?.brokers).toEqual(['kafka-0:9092', 'kafka-1:9092']);
  });

  it('lets webhooks reach loopback on the embedded default only, unless told otherwise', () => {
    expect(loadConfig({}).webhooks).toMatchObject({ allowLoopback: true, retryDelayMs: 5000, timeoutMs: 10000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/signet' }).webhooks.allowLoopback).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/signet', WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhooks.allowLoopback).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'false' }).webhooks.allowLoopback).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'maybe' })).toThrow('Invalid configuration: WEBHOOK_ALLOW_LOOPBACK must be true or false (got "maybe")');
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal,10.0.0.0/8,fd00::/8,192.0.2.1' }).trustProxy).toEqual(['loopback', 'uniquelocal', '10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    for (const bad of ['true', '10.0.0.0/33', 'everyone', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY must be a number of proxy hops/);
    }
  });

  it('sends mail from MAIL_FROM, or a default that can never be a real mailbox', () => {
    expect(loadConfig({}).mailFrom).toBe('no-reply@signet.localhost');
    expect(loadConfig({ MAIL_FROM: 'sign@acme.example' }).mailFrom).toBe('sign@acme.example');
    expect(() => loadConfig({ MAIL_FROM: 'Acme <sign@acme.example>' })).toThrow(/^Invalid configuration: MAIL_FROM must be an email address/);
  });

  it('passes the SMS provider a status callback URL only when one is set, and only with a provider', () => {
    const provider = { SMS_ACCOUNT_SID: 'AC00000000000000000000000000000000', SMS_AUTH_TOKEN: 'token', SMS_FROM: '+15005550006' };
    expect(loadConfig(provider).sms.provider?.statusCallbackUrl).toBeNull();
    expect(loadConfig({ ...provider, SMS_STATUS_CALLBACK_URL: 'https://signet.example/sms/v1/status' }).sms.provider?.statusCallbackUrl).toBe('https://signet.example/sms/v1/status');
    expect(() => loadConfig({ ...provider, SMS_STATUS_CALLBACK_URL: 'signet.example/sms' })).toThrow(/^Invalid configuration: SMS_STATUS_CALLBACK_URL must be a URL/);
    expect(() => loadConfig({ SMS_STATUS_CALLBACK_URL: 'https://signet.example/sms/v1/status' }))
      .toThrow('Invalid configuration: SMS_STATUS_CALLBACK_URL is read only with SMS_ACCOUNT_SID (an SMS provider)');
  });

  it('reads only variables its declaration documents, and documents each with a meaning', () => {
    const read = new Set<string>();
    const spy = new Proxy({}, { get: (_target, name) => { if (typeof name === 'string') read.add(name); return undefined; } });
    loadConfig(spy);
    const parts = PART_NAMES.filter((part) => part !== 'gateway');
    const declared = new Set(CONFIG_VARIABLES.flatMap(({ name }) =>
      name.startsWith('<PART>_') ? parts.map((part) => `${partEnvPrefix(part)}_${name.slice('<PART>_'.length)}`) : [name]));
    expect([...read].filter((name) => !declared.has(name))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((variable) => variable.description.trim() === '' || variable.default.trim() === '')).toEqual([]);
  });

  it('rejects a bootstrap key with an unknown plan', () => {
    expect(() => loadConfig({ SIGNET_BOOTSTRAP_API_KEYS: 'dev-key-123:acme:gold' })).toThrow(/plans must be one of starter, professional, enterprise/);
  });
});
