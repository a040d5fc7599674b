import { setOperator } from '../../modules/instance/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, oneArgument } from '../command.ts';

const command: AdminCommand = {
  name: 'revoke-operator',
  summary: 'Take the operator role from an account (the last one too, with a warning)',
  usage: '<username>',
  run: async ({ db, print, warn }, input) => {
    const change = await setOperator(db, {
      username: oneArgument(input, 'username'),
      operator: false,
      actor: COMMAND_LINE,
    });
    print(
      change.changed
        ? `${change.username} is no longer an operator`
        : `${change.username} was not an operator`,
    );
    if (change.operators === 0)
      warn(
        'Warning: the instance now has no operator: nobody sees its Instance area. Name one with `npm run admin -- grant-operator <username>`.',
      );
  },
};

export default command;
