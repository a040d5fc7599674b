/**
 * A second e2e server per run, on the same build but with the production defaults
 * (DEV_TOOLS unset), for specs that check what a real deployment hides.
 */
export const plainServerPortFor = (e2ePort: number) => e2ePort + 10_000;
export const PLAIN_SERVER_URL = `http://127.0.0.1:${plainServerPortFor(Number(process.env.E2E_PORT ?? 4173))}`;
