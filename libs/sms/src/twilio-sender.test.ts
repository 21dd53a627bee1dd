import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmsRejectedError } from './sms-sender';
import { createTwilioSender } from './twilio-sender';

interface Seen {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for the provider on loopback: records each request and answers as scripted. */
async function fakeProvider(answer: (seen: Seen) => { status: number; body: unknown }): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const request = { path: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(raw) };
    seen.push(request);
    const { status, body } = answer(request);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const config = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'secret-token', from: '+15005550006' };

describe('the Twilio Messages API sender', () => {
  let provider: Awaited<ReturnType<typeof fakeProvider>> | null = null;
  afterEach(() => provider?.server.close());

  it('posts To, From and Body form-encoded with Basic auth, and returns the message sid and status', async () => {
    provider = await fakeProvider(() => ({ status: 201, body: { sid: 'SM123', status: 'queued' } }));
    const sender = createTwilioSender({ ...config, apiUrl: provider.url });

    await expect(sender.send({ to: '+34612345678', body: 'Your code is 042917' })).resolves.toEqual({ providerMessageId: 'SM123', status: 'queued' });

    const [request] = provider.seen;
    expect(request?.path).toBe(`/2010-04-01/Accounts/${config.accountSid}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${config.accountSid}:secret-token`).toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: '+34612345678', From: '+15005550006', Body: 'Your code is 042917' });
  });

  it('asks for delivery reports at the status callback URL when one is configured', async () => {
    provider = await fakeProvider(() => ({ status: 201, body: { sid: 'SM1', status: 'queued' } }));
    await createTwilioSender({ ...config, apiUrl: provider.url, statusCallbackUrl: 'https://signet.example/sms/v1/status' }).send({ to: '+34612345678', body: 'x' });
    expect(provider.seen[0]?.form.get('StatusCallback')).toBe('https://signet.example/sms/v1/status');
  });

  it('sends a Messaging Service SID as MessagingServiceSid', async () => {
    provider = await fakeProvider(() => ({ status: 201, body: { sid: 'SM1', status: 'accepted' } }));
    const service = 'MG0123456789abcdef0123456789abcdef';
    await createTwilioSender({ ...config, from: service, apiUrl: provider.url }).send({ to: '+34612345678', body: 'x' });
    expect(provider.seen[0]?.form.get('MessagingServiceSid')).toBe(service);
    expect(provider.seen[0]?.form.has('From')).toBe(false);
  });

  it('refuses for good a number the provider says can never receive it, without the number in the error', async () => {
    provider = await fakeProvider(() => ({ status: 400, body: { code: 21211, message: "The 'To' number +34612345678 is not a valid phone number.", status: 400 } }));
    const error = await createTwilioSender({ ...config, apiUrl: provider.url }).send({ to: '+34612345678', body: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsRejectedError);
    expect((error as SmsRejectedError).providerCode).toBe(21211);
    expect((error as Error).message).not.toContain('612345678');
  });

  it('treats server errors, throttling and bad credentials as passing failures (retried by the caller)', async () => {
    for (const [status, body] of [[500, {}], [429, { code: 20429 }], [401, { code: 20003 }]] as const) {
      provider?.server.close();
      provider = await fakeProvider(() => ({ status, body }));
      const error = await createTwilioSender({ ...config, apiUrl: provider.url }).send({ to: '+34612345678', body: 'x' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SmsRejectedError);
    }
  });
});
