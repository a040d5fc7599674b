import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in-process: tests read the messages the app sends. */
export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the next message to `to` (or one that already arrived). */
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** The lower-cased addresses a parsed mail was sent to. */
export const recipients = (m: ParsedMail) =>
  [m.to]
    .flat()
    .flatMap((a) => a?.value ?? [])
    .map((v) => v.address?.toLowerCase());

/**
 * Listens on `port` (a free one by default) on 127.0.0.1. With `refuse`, every recipient
 * is refused (550), as a mail server that will not take the message.
 */
export async function startSmtp(port = 0, opts: { refuse?: boolean } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: { to: string; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(
        opts.refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined,
      );
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const w of [...waiters]) {
            if (recipients(mail).includes(w.to)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    waitFor(to, timeoutMs = 5000) {
      const want = to.toLowerCase();
      const seen = messages.find((m) => recipients(m).includes(want));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to}`)), timeoutMs);
        waiters.push({
          to: want,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
