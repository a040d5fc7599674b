import { randomBytes } from 'node:crypto';
import { emailField, newUsernameField, passwordField } from '#shared/schemas/auth.ts';
import { createUserAccount } from '../../modules/auth/index.ts';
import { COMMAND_LINE } from '../../lib/instance-audit.ts';
import { type AdminCommand, checked, oneArgument, UsageError } from '../command.ts';

const command: AdminCommand = {
  name: 'create-user',
  summary: 'Create an account whatever the sign-up policy (its owner then creates or joins an organisation)',
  usage: '<username> --email <address> [--password <password>]',
  options: {
    email: { type: 'string', description: "The account's email address (required)" },
    password: { type: 'string', description: 'Its password; left out, one is generated and printed once' },
  },
  run: async ({ db, print }, input) => {
    const username = checked(newUsernameField, oneArgument(input, 'username'), 'Username');
    if (typeof input.options.email !== 'string') throw new UsageError('--email is required');
    const email = checked(emailField, input.options.email, 'Email');
    const given = input.options.password;
    const password =
      typeof given === 'string'
        ? checked(passwordField, given, 'Password')
        : randomBytes(12).toString('base64url');
    const user = await createUserAccount(db, { username, email, password }, COMMAND_LINE);
    print(`Created ${user.username} (id ${user.id})${user.isOperator ? ', the instance operator' : ''}`);
    if (typeof given !== 'string') print(`Password (shown this once): ${password}`);
  },
};

export default command;
