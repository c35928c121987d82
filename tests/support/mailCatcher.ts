import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent, soft line breaks and =XX of quoted-printable undone. */
  text: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives: cardchat's mails travel as in production. */
export interface MailCatcher {
  url: string;
  received: ReceivedMail[];
  /** The next mail to arrive (or one that came already and nobody took). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startMailCatcher(): Promise<MailCatcher> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server.server as import('node:net').Server).address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received[taken++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail that leads to `path` under the issuer. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://\\S+/oidc/${path}/[A-Za-z0-9_-]{43}`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[0];
}
