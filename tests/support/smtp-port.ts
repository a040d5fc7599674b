/**
 * The port the e2e server mails to (playwright.config.ts sets SMTP_URL), one per
 * E2E_PORT so parallel runs never share it. A spec that reads mail listens there.
 */
export const smtpPortFor = (e2ePort: number) => e2ePort + 20_000;
export const E2E_SMTP_PORT = smtpPortFor(Number(process.env.E2E_PORT ?? 4173));
