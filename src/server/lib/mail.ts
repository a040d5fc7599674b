import nodemailer from 'nodemailer';
import type { Config } from '../config/env.ts';
import { escapeHtml } from './html-escape.ts';

export interface MailMessage {
  to: string;
  /** The instance's own words only: never campaign or organisation text. */
  subject: string;
  /** Plain text; the HTML alternative is made from it, every character escaped (textToHtml). */
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

/**
 * RFC 8058 one-click unsubscribe headers: the mail client POSTs
 * `List-Unsubscribe=One-Click` to the link; opening it (GET) only shows a button, so a
 * mail scanner that follows every link unsubscribes nobody.
 */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

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
        const info = await transport.sendMail({
          from: opts.from,
          ...message,
          html: textToHtml(message.text),
        });
        return info.accepted.map(String).some((a) => a.toLowerCase() === message.to.toLowerCase());
      } catch (err) {
        // A mail failure must not fail the change that triggered it: the link is shown anyway.
        opts.log?.error({ err }, 'mail not sent');
        return false;
      }
    },
  };
}

/**
 * The HTML alternative of a plain-text mail: every character of the text escaped (a
 * campaign named `<a href=...>` shows as those characters, never as markup), paragraphs
 * kept, and the http(s) links the text carries made clickable.
 */
export function textToHtml(text: string): string {
  const paragraphs = escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) =>
      p.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>\n'),
    );
  return `<!doctype html><html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`;
}

export function createMailer(config: Config, log?: Logger): Mailer {
  return config.smtpUrl && config.mailFrom
    ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom, log })
    : noMail;
}
