import type { AdminCommand } from '../command.ts';

/**
 * The commands of `npm run admin`, in the order --help lists them: each is the file
 * `./<name>.ts` whose default export is its AdminCommand, so a new command is its file
 * and one line here.
 */
export const COMMAND_NAMES = [
  'grant-operator',
  'revoke-operator',
  'create-user',
  'reset-password',
  'set-registration',
  'list-orgs',
  'suspend-org',
  'restore-org',
] as const;

export async function loadCommand(name: string): Promise<AdminCommand | undefined> {
  if (!(COMMAND_NAMES as readonly string[]).includes(name)) return undefined;
  return ((await import(`./${name}.ts`)) as { default: AdminCommand }).default;
}
