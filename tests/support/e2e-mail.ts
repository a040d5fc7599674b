import { startSmtp, type TestSmtp } from '../../src/server/test/smtp.ts';
import { E2E_SMTP_PORT } from './smtp-port.ts';

/**
 * Listens on the e2e mail port, waiting while a spec in another worker holds it (specs
 * that read mail take turns; each closes its listener when done).
 */
export async function listenForMail(opts: { refuse?: boolean } = {}, timeoutMs = 25_000): Promise<TestSmtp> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await startSmtp(E2E_SMTP_PORT, opts);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EADDRINUSE' || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
