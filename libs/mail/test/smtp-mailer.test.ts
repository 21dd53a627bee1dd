import { freePort, type SmtpSink, startSmtpSink } from '@signet/testkit';
import { types } from 'node:util';
import { createMailer, createSmtpMailer, MailRejectedError, type MailMessage, type SmtpMailer } from '../src';
import { startDeferringSmtpServer } from './deferring-smtp-server';

const base: MailMessage = {
  to: 'signer@example.test',
  from: 'no-reply@signet.test',
  subject: 'Please sign',
  text: 'Open the link',
  html: '<p>Open the link</p>'
};

describe('createSmtpMailer', () => {
  let smtp: SmtpSink;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    smtp = await startSmtpSink({ rejectRecipients: (address) => address.endsWith('@bounce.test') });
    mailer = createSmtpMailer(smtp.url);
  });

  afterAll(async () => {
    mailer.close();
    await smtp.stop();
  });

  beforeEach(() => smtp.clear());

  it('delivers sender name, reply-to, subject, both bodies and extra headers', async () => {
    const sent = await mailer.send({
      ...base,
      fromName: 'Acme Legal',
      replyTo: 'legal@acme.test',
      subject: 'Tu código de verificación para Lease',
      headers: { 'X-Signet-Envelope-Id': 'env_1' }
    });

    const mail = await smtp.waitFor((received) => received.headers['x-signet-envelope-id'] === 'env_1');
    expect(mail).toMatchObject({
      from: 'no-reply@signet.test',
      to: ['signer@example.test'],
      subject: 'Tu código de verificación para Lease',
      text: 'Open the link',
      html: '<p>Open the link</p>'
    });
    expect(mail.headers.from).toBe('Acme Legal <no-reply@signet.test>');
    expect(mail.headers['reply-to']).toBe('legal@acme.test');
    expect(sent).toEqual({ messageId: mail.headers['message-id'], accepted: true });
  });

  it('sends no Reply-To and a bare From when they are not given', async () => {
    await mailer.send({ ...base, replyTo: null });

    const mail = await smtp.waitFor(() => true);
    expect(mail.headers.from).toBe('no-reply@signet.test');
    expect(mail.headers['reply-to']).toBeUndefined();
  });

  it('rejects a recipient the server refuses with 550 as MailRejectedError', async () => {
    const sending = mailer.send({ ...base, to: 'gone@bounce.test' });

    await expect(sending).rejects.toBeInstanceOf(MailRejectedError);
    await expect(sending).rejects.toMatchObject({
      recipient: 'gone@bounce.test',
      responseCode: 550,
      response: expect.stringMatching(/^550 /)
    });
    expect(smtp.messages()).toHaveLength(0);
  });

  it('keeps delivering on the pool after a rejection', async () => {
    await expect(mailer.send({ ...base, to: 'gone@bounce.test' })).rejects.toBeInstanceOf(MailRejectedError);

    await mailer.send({ ...base, subject: 'After the bounce' });

    expect((await smtp.waitFor((mail) => mail.subject === 'After the bounce')).to).toEqual(['signer@example.test']);
  });

  it('authenticates with percent-encoded credentials from the URL', async () => {
    const url = new URL(smtp.url);
    const withCredentials = createSmtpMailer(`smtp://mailer%40signet.test:p%40ss%3Aword@${url.host}`);
    try {
      await withCredentials.send({ ...base, subject: 'Authenticated' });
    } finally {
      withCredentials.close();
    }

    expect((await smtp.waitFor((mail) => mail.subject === 'Authenticated')).to).toEqual(['signer@example.test']);
  });
});

describe('createSmtpMailer against a server that is down', () => {
  it('rejects with the connection error, not MailRejectedError, so the caller retries', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    try {
      const error: unknown = await mailer.send(base).catch((failure: unknown) => failure);

      // Node's socket errors come from outside jest's realm, so instanceof Error cannot be used here.
      expect(types.isNativeError(error)).toBe(true);
      expect(error).not.toBeInstanceOf(MailRejectedError);
      expect(error).toMatchObject({ originalCode: 'ECONNREFUSED' });
    } finally {
      mailer.close();
    }
  });
});

describe('createSmtpMailer against a server that defers the recipient', () => {
  it('rejects a 4xx with the plain error, not MailRejectedError, so the caller retries', async () => {
    const server = await startDeferringSmtpServer();
    const mailer = createSmtpMailer(server.url);
    try {
      const error: unknown = await mailer.send(base).catch((failure: unknown) => failure);

      expect(error).not.toBeInstanceOf(MailRejectedError);
      expect(error).toMatchObject({ responseCode: 451, command: 'RCPT TO' });
    } finally {
      mailer.close();
      await server.stop();
    }
  });
});

describe('createMailer', () => {
  it('uses the in-process sink when there is no SMTP URL', async () => {
    const { mailer, sink, close } = createMailer({ smtpUrl: null });

    await mailer.send(base);

    expect(sink?.messages().map((mail) => mail.subject)).toEqual(['Please sign']);
    close();
  });

  it('sends over SMTP when a URL is given', async () => {
    const smtp = await startSmtpSink();
    const { mailer, sink, close } = createMailer({ smtpUrl: smtp.url });
    try {
      await mailer.send(base);

      expect(sink).toBeNull();
      expect((await smtp.waitFor(() => true)).subject).toBe('Please sign');
    } finally {
      close();
      await smtp.stop();
    }
  });
});
