import { createMailSink } from './mail-sink';
import type { MailMessage } from './mailer';

function message(subject: string): MailMessage {
  return { to: 'signer@example.test', from: 'no-reply@signet.test', subject, text: subject, html: `<p>${subject}</p>` };
}

describe('createMailSink', () => {
  it('keeps sent messages with an id and a received time, newest first', async () => {
    const sink = createMailSink();

    const first = await sink.send(message('first'));
    await sink.send({ ...message('second'), fromName: 'Acme', replyTo: 'legal@acme.test', headers: { 'X-Tag': 'a' } });

    const [newest, oldest] = sink.messages();
    expect(sink.messages()).toHaveLength(2);
    expect(newest).toMatchObject({ subject: 'second', fromName: 'Acme', replyTo: 'legal@acme.test', headers: { 'X-Tag': 'a' } });
    expect(oldest).toMatchObject({ subject: 'first', messageId: first.messageId });
    expect(oldest?.receivedAt).toBeInstanceOf(Date);
    expect(first.accepted).toBe(true);
    expect(newest?.id).not.toBe(oldest?.id);
    expect(sink.get(oldest?.id ?? '')?.subject).toBe('first');
  });

  it('caps the list at keep, dropping the oldest', async () => {
    const sink = createMailSink({ keep: 3 });

    for (const subject of ['1', '2', '3', '4', '5']) await sink.send(message(subject));

    expect(sink.messages().map((mail) => mail.subject)).toEqual(['5', '4', '3']);
  });

  it('keeps 200 by default', async () => {
    const sink = createMailSink();

    for (let i = 0; i < 205; i += 1) await sink.send(message(String(i)));

    expect(sink.messages()).toHaveLength(200);
    expect(sink.messages().at(-1)?.subject).toBe('5');
  });

  it('is not changed by a caller reusing its message object', async () => {
    const sink = createMailSink();
    const reused = { ...message('original'), headers: { 'X-Tag': 'a' } };

    await sink.send(reused);
    reused.subject = 'changed';
    reused.headers['X-Tag'] = 'b';

    expect(sink.messages()[0]).toMatchObject({ subject: 'original', headers: { 'X-Tag': 'a' } });
  });

  it('clears', async () => {
    const sink = createMailSink();
    await sink.send(message('gone'));

    sink.clear();

    expect(sink.messages()).toEqual([]);
  });

  it('refuses a keep that is not a positive integer', () => {
    expect(() => createMailSink({ keep: 0 })).toThrow(RangeError);
    expect(() => createMailSink({ keep: 1.5 })).toThrow(RangeError);
  });
});
