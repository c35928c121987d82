import type { Transporter } from 'nodemailer';
import { loadPackage } from '../lazyPackage';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the few mails cardchat writes (password reset, address verification) through SMTP_URL. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Connection and sending limits: a mail server that hangs must not hold a request or a socket for ever. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(mail: { smtpUrl: string; from: string }): Mailer {
  let transport: Transporter | undefined;
  // nodemailer loads with the first mail: most starts send none.
  const transporter = () => {
    transport ??= loadPackage<typeof import('nodemailer')>('nodemailer').createTransport({ url: mail.smtpUrl, ...TIMEOUTS });
    return transport;
  };
  return {
    async send({ to, subject, text }) {
      await transporter().sendMail({ from: mail.from, to, subject, text });
    },
    close() {
      transport?.close();
    },
  };
}
