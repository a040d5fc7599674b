/**
 * A third e2e server per run, on the same build, for the operator's walk: it changes
 * the whole instance (sign-up closed, an organisation suspended), which must not reach
 * the specs that sign up on the first server meanwhile.
 */
export const instanceServerPortFor = (e2ePort: number) => e2ePort + 30_000;
export const INSTANCE_SERVER_PORT = instanceServerPortFor(Number(process.env.E2E_PORT ?? 4173));
export const INSTANCE_SERVER_URL = `http://127.0.0.1:${INSTANCE_SERVER_PORT}`;
