import { suspendOrganizationSchema } from '#shared/schemas/instance-suspension.ts';
import { suspendOrganization } from '../../modules/instance/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, checked, oneArgument, organizationIdOf } from '../command.ts';

const command: AdminCommand = {
  name: 'suspend-org',
  summary: 'Suspend an organisation: its public pages, links, mail and API keys stop; members read only',
  usage: '<organisation id or username> --reason <text>',
  options: { reason: { type: 'string', description: 'Why, as its members are shown it (required)' } },
  run: async ({ db, config, print, supporterCache }, input) => {
    const organizationId = await organizationIdOf(db, oneArgument(input, 'organisation'));
    const { reason } = checked(suspendOrganizationSchema, { reason: input.options.reason ?? '' }, 'Reason');
    await suspendOrganization(
      { db, config, supporterCache },
      { organizationId, reason, actor: COMMAND_LINE },
    );
    print(`Organisation ${organizationId} is suspended: ${reason}`);
  },
};

export default command;
