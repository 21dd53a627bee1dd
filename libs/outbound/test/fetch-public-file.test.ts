import type { ServerResponse } from 'node:http';
import { addressPolicy, fetchPublicFile, FetchPublicFileOptions, RefusedAddressError, Resolve } from '../src';
import { startSelfSignedServer, TEST_HOST } from './self-signed-server';

const LOGO = Buffer.from('a logo of sorts');

const toLoopback: Resolve = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

describe('fetchPublicFile', () => {
  let server: Awaited<ReturnType<typeof startSelfSignedServer>>;
  let respond: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = await startSelfSignedServer((_req, res) => respond(res));
  });

  afterAll(() => server.close());

  const options = (overrides: Partial<FetchPublicFileOptions> = {}): FetchPublicFileOptions => ({
    policy: addressPolicy({ allowLoopback: true, purpose: 'logos' }),
    resolve: toLoopback,
    ca: server.ca,
    timeoutMs: 2000,
    maxBytes: 1024,
    ...overrides
  });
  const url = (path = '/logo.png') => `https://${TEST_HOST}:${server.port}${path}`;

  it('returns the body and its declared content type', async () => {
    respond = (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(LOGO);
    await expect(fetchPublicFile(url(), options())).resolves.toEqual({ contentType: 'image/png', bytes: LOGO });
  });

  it('refuses loopback when the policy does not allow it, by name and by IP literal', async () => {
    respond = (res) => res.end(LOGO);
    const strict = options({ policy: addressPolicy({ allowLoopback: false, purpose: 'logos' }) });
    await expect(fetchPublicFile(url(), strict)).rejects.toThrow(`refused: ${TEST_HOST} resolves only to addresses logos may not reach: 127.0.0.1 (a loopback address)`);
    await expect(fetchPublicFile(`https://127.0.0.1:${server.port}/logo.png`, strict)).rejects.toThrow(new RefusedAddressError('refused: 127.0.0.1 is a loopback address'));
  });

  it('fetches https only', async () => {
    await expect(fetchPublicFile(`http://${TEST_HOST}:${server.port}/logo.png`, options())).rejects.toThrow('only https URLs are fetched, not http:');
    await expect(fetchPublicFile('not a url', options())).rejects.toThrow('not a URL');
  });

  it('follows no redirect', async () => {
    respond = (res) => res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data' }).end();
    await expect(fetchPublicFile(url(), options())).rejects.toThrow('redirect not followed: the server answered 302');
  });

  it('refuses an error status', async () => {
    respond = (res) => res.writeHead(404).end('missing');
    await expect(fetchPublicFile(url(), options())).rejects.toThrow('the server answered 404');
  });

  it('stops at maxBytes, whether content-length announces it or not', async () => {
    const big = Buffer.alloc(4096, 1);
    respond = (res) => res.writeHead(200, { 'content-length': String(big.length) }).end(big);
    await expect(fetchPublicFile(url(), options())).rejects.toThrow('larger than 1024 bytes');
    respond = (res) => {
      res.writeHead(200);
      res.write(big.subarray(0, 1000));
      setTimeout(() => res.end(big.subarray(1000)), 20);
    };
    await expect(fetchPublicFile(url(), options())).rejects.toThrow('larger than 1024 bytes');
  });

  it('gives up after timeoutMs, even while the body still trickles in', async () => {
    respond = () => undefined;
    await expect(fetchPublicFile(url(), options({ timeoutMs: 200 }))).rejects.toThrow('timed out after 200 ms');
    respond = (res) => res.writeHead(200).write('a');
    await expect(fetchPublicFile(url(), options({ timeoutMs: 200 }))).rejects.toThrow('timed out after 200 ms');
  });

  it('does not trust a certificate it was not given', async () => {
    respond = (res) => res.end(LOGO);
    await expect(fetchPublicFile(url(), options({ ca: undefined }))).rejects.toThrow(/self[- ]signed/);
  });
});
