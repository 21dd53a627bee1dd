import nodemailer from 'nodemailer';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

describe('startSmtpSink', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipients: (address) => address.endsWith('@bounce.test') });
  });

  afterAll(() => sink.stop());

  beforeEach(() => sink.clear());

  it('keeps a sent mail and hands it to waitFor', async () => {
    const transport = nodemailer.createTransport(sink.url);
    const pending = sink.waitFor((mail) => mail.to.includes('signer@example.test'));

    await transport.sendMail({
      from: 'Signet <no-reply@signet.test>',
      to: 'signer@example.test',
      subject: 'Please sign',
      text: 'Open the link',
      html: '<p>Open the link</p>',
      headers: { 'X-Envelope-Id': 'env_1' },
    });
    const mail = await pending;

    expect(mail).toMatchObject({
      from: 'no-reply@signet.test',
      to: ['signer@example.test'],
      subject: 'Please sign',
      text: 'Open the link',
      html: '<p>Open the link</p>',
    });
    expect(mail.headers['x-envelope-id']).toBe('env_1');
    expect(mail.headers.from).toBe('Signet <no-reply@signet.test>');
    expect(sink.messages()).toHaveLength(1);
  });

  it('accepts any credentials', async () => {
    const { hostname, port } = new URL(sink.url);
    const auth = { user: 'someone', pass: 'anything' };
    const transport = nodemailer.createTransport({ host: hostname, port: Number(port), auth });

    await transport.sendMail({ from: 'a@signet.test', to: 'b@example.test', subject: 'Authenticated', text: 'x' });

    expect((await sink.waitFor((mail) => mail.subject === 'Authenticated')).to).toEqual(['b@example.test']);
  });

  it('answers 550 to a rejected recipient', async () => {
    const transport = nodemailer.createTransport(sink.url);

    const sending = transport.sendMail({ from: 'a@signet.test', to: 'gone@bounce.test', subject: 'Lost', text: 'x' });

    await expect(sending).rejects.toMatchObject({ responseCode: 550 });
    expect(sink.messages()).toHaveLength(0);
  });

  it('holds its answer to a mail, already readable, until told to let it go', async () => {
    let letGo = (_refusal?: Error): void => undefined;
    const held = await startSmtpSink({
      holdReply: () => new Promise<void>((resolve, reject) => (letGo = (refusal) => (refusal ? reject(refusal) : resolve())))
    });
    try {
      const transport = nodemailer.createTransport(held.url);
      // A hold that ends in a refusal becomes the answer: the sink cannot have answered before the hold ended.
      const refused = transport.sendMail({ from: 'a@signet.test', to: 'b@example.test', subject: 'Held, then refused', text: 'x' });
      await held.waitFor((mail) => mail.subject === 'Held, then refused');
      letGo(Object.assign(new Error('try again later'), { responseCode: 451 }));
      await expect(refused).rejects.toMatchObject({ responseCode: 451 });

      const accepted = transport.sendMail({ from: 'a@signet.test', to: 'b@example.test', subject: 'Held, then accepted', text: 'x' });
      await held.waitFor((mail) => mail.subject === 'Held, then accepted');
      letGo();
      await expect(accepted).resolves.toMatchObject({ accepted: ['b@example.test'] });
    } finally {
      await held.stop();
    }
  });

  it('rejects waitFor when no mail matches in time', async () => {
    await expect(sink.waitFor(() => false, 50)).rejects.toThrow('no matching mail within 50 ms');
  });
});
