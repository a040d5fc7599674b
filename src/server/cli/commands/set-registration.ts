import { instanceSettingsUpdateSchema } from '#shared/schemas/instance-settings.ts';
import { updateInstanceSettings } from '../../modules/instance/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, checked, UsageError } from '../command.ts';

const command: AdminCommand = {
  name: 'set-registration',
  summary: 'Set who may sign up (overrides REGISTRATION, as the console does)',
  usage: '[open|invite-only|closed] [--domains <a.org,b.org>]',
  options: {
    domains: {
      type: 'string',
      description: 'The email domains that may sign up, comma-separated; "" allows every domain',
    },
  },
  run: async ({ db, config, print }, input) => {
    if (input.args.length > 1) throw new UsageError('Give one policy: open, invite-only or closed');
    const domains = input.options.domains;
    const update = checked(
      instanceSettingsUpdateSchema,
      {
        ...(input.args[0] !== undefined && { registration: input.args[0] }),
        ...(typeof domains === 'string' && {
          allowedEmailDomains: domains
            .split(',')
            .map((d) => d.trim())
            .filter(Boolean),
        }),
      },
      'Registration',
    );
    const settings = await updateInstanceSettings(db, config, update, COMMAND_LINE);
    const list =
      settings.allowedEmailDomains.length > 0 ? settings.allowedEmailDomains.join(', ') : 'every domain';
    print(`Sign-up is ${settings.registration} (${list})`);
  },
};

export default command;
