import { setOperator } from '../../modules/instance/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, oneArgument } from '../command.ts';

const command: AdminCommand = {
  name: 'grant-operator',
  summary: 'Make an account an operator of the instance (its Instance area)',
  usage: '<username>',
  run: async ({ db, print }, input) => {
    const change = await setOperator(db, {
      username: oneArgument(input, 'username'),
      operator: true,
      actor: COMMAND_LINE,
    });
    print(
      change.changed
        ? `${change.username} is now an operator (${change.operators} in all)`
        : `${change.username} already is an operator`,
    );
  },
};

export default command;
