import { issuePasswordResetLink } from '../../modules/account/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, oneArgument, UsageError } from '../command.ts';

const command: AdminCommand = {
  name: 'reset-password',
  summary: "Print a one-time link that sets an account's password (valid 24 hours, on PUBLIC_URL)",
  usage: '<username>',
  run: async ({ db, config, print }, input) => {
    const username = oneArgument(input, 'username');
    if (!config.publicUrl)
      throw new UsageError('PUBLIC_URL is not set: set it as for the server, so the link leads to the site');
    const link = await issuePasswordResetLink(db, {
      username,
      origin: config.publicUrl,
      actor: COMMAND_LINE,
    });
    print(`Password reset link for ${username} (one use, until ${link.expiresAt}):`);
    print(link.url);
  },
};

export default command;
