import type { InstanceSettings, InstanceSettingsUpdate } from '#shared/schemas/instance-settings.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import { effectiveRegistration, writeInstanceSetting } from '../../lib/instance-settings.ts';

/** The sign-up policy in force and where it comes from (GET /api/instance/settings). */
export const readInstanceSettings = (db: Db, config: Config): Promise<InstanceSettings> =>
  effectiveRegistration(db, config);

/**
 * Sets the sign-up policy and/or the email-domain allow-list (the console, or
 * `npm run admin -- set-registration`): stored, so it overrides the environment from
 * now on, on every instance. A change is recorded in the instance audit log with the
 * values before and after; saving the same values again records nothing.
 */
export async function updateInstanceSettings(
  db: Db,
  config: Config,
  input: InstanceSettingsUpdate,
  actor: InstanceActor,
): Promise<InstanceSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await effectiveRegistration(trx, config);
    const domains = input.allowedEmailDomains && [...new Set(input.allowedEmailDomains)];
    if (input.registration !== undefined) await writeInstanceSetting(trx, 'registration', input.registration);
    if (domains !== undefined) await writeInstanceSetting(trx, 'allowedEmailDomains', domains);
    const after = await effectiveRegistration(trx, config);
    const changed =
      before.registration !== after.registration ||
      before.registrationSource !== after.registrationSource ||
      before.allowedEmailDomains.join(',') !== after.allowedEmailDomains.join(',');
    if (changed)
      await recordInstanceEvent(trx, {
        actor,
        action: 'registration.changed',
        target: `sign-up ${after.registration}`,
        detail: {
          before: { registration: before.registration, allowedEmailDomains: before.allowedEmailDomains },
          after: { registration: after.registration, allowedEmailDomains: after.allowedEmailDomains },
        },
      });
    return after;
  });
}
