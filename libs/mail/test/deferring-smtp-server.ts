import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DeferringSmtpServer {
  url: string;
  stop(): Promise<void>;
}

/** An SMTP server that answers every RCPT TO with 451 (greylisting, a full mailbox): a temporary refusal. */
export async function startDeferringSmtpServer(): Promise<DeferringSmtpServer> {
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 500,
    onRcptTo: (_address, _session, callback) =>
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(resolve)) };
}
