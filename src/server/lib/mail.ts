import nodemailer from 'nodemailer';
import type { Config } from '../config/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** Outgoing mail. Without SMTP the product still works: the UI shows links to copy. */
export interface Mailer {
  readonly enabled: boolean;
  /** True when the SMTP server accepted the message for `to`; false otherwise (never throws). */
  send(message: MailMessage): Promise<boolean>;
}

export const noMail: Mailer = { enabled: false, send: async () => false };

interface Logger {
  error(obj: unknown, msg: string): void;
}

export function smtpMailer(opts: { url: string; from: string; log?: Logger }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    enabled: true,
    async send(message) {
      try {
        const info = await transport.sendMail({ from: opts.from, ...message });
        return info.accepted.map(String).some((a) => a.toLowerCase() === message.to.toLowerCase());
      } catch (err) {
        // A mail failure must not fail the change that triggered it: the link is shown anyway.
        opts.log?.error({ err }, 'mail not sent');
        return false;
      }
    },
  };
}

export function createMailer(config: Config, log?: Logger): Mailer {
  return config.smtpUrl && config.mailFrom
    ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom, log })
    : noMail;
}
