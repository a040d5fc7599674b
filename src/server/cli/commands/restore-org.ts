import { restoreOrganization } from '../../modules/instance/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, oneArgument, organizationIdOf } from '../command.ts';

const command: AdminCommand = {
  name: 'restore-org',
  summary: 'Restore a suspended organisation as it was (its held mail goes, its pages come back)',
  usage: '<organisation id or username>',
  run: async ({ db, config, print, supporterCache }, input) => {
    const organizationId = await organizationIdOf(db, oneArgument(input, 'organisation'));
    await restoreOrganization({ db, config, supporterCache }, { organizationId, actor: COMMAND_LINE });
    print(`Organisation ${organizationId} is active`);
  },
};

export default command;
