import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { type ReceivedMail, toReceivedMail } from './received-mail';

export type { ReceivedMail } from './received-mail';

export interface SmtpSinkOptions {
  /** Recipients to refuse with 550 at RCPT TO, for bounce tests. */
  rejectRecipients?: (address: string) => boolean;
  /** Called with every accepted mail. */
  onMail?: (mail: ReceivedMail) => void;
  /**
   * Holds the server's answer to a mail, already received and readable, until the promise settles: the
   * sender sees a slow server, and a test can look at the sender's state while it waits.
   */
  holdReply?: (mail: ReceivedMail) => Promise<void>;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: plain SMTP, any credentials or none. */
  url: string;
  messages(): ReceivedMail[];
  /** Resolves with the first mail, already received or still to come, that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  stop(): Promise<void>;
}

interface Waiter {
  predicate: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const defaultWaitMs = 10_000;

function recipientRefused(address: string): SMTPServerError {
  return Object.assign(new Error(`Mailbox unavailable: ${address}`), { responseCode: 550 });
}

/** Starts an SMTP server on a random loopback port that keeps every mail it accepts in memory. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  let received: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();

  function accept(mail: ReceivedMail): void {
    received.push(mail);
    options.onMail?.(mail);
    for (const waiter of waiters) {
      if (!waiter.predicate(mail)) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(mail);
    }
  }

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    // Pooled client connections would otherwise hold stop() for 30 s.
    closeTimeout: 500,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onRcptTo: (address, _session, callback) =>
      callback(options.rejectRecipients?.(address.address) ? recipientRefused(address.address) : null),
    onData: (stream, session, callback) => {
      const envelope = {
        from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      simpleParser(stream)
        .then((parsed) => {
          const mail = toReceivedMail(parsed, envelope);
          accept(mail);
          return options.holdReply?.(mail);
        })
        .then(
          () => callback(),
          (error: Error) => callback(error),
        );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server re-emits client socket errors (a reset connection) here; they must not crash the sink.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  function waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = defaultWaitMs): Promise<ReceivedMail> {
    const found = received.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve,
        reject,
        timer: setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs),
      };
      waiters.add(waiter);
    });
  }

  async function stop(): Promise<void> {
    for (const waiter of waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('SMTP sink stopped'));
    }
    waiters.clear();
    await new Promise<void>((resolve) => server.close(resolve));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    waitFor,
    clear: () => {
      received = [];
    },
    stop,
  };
}
