// npm run admin -- <command> [arguments] [options]: the instance's command line
// (docs/operations.md "Operators"). Same environment as the server (DATABASE_URL or
// DATA_DIR's SQLite file, PUBLIC_URL, REGISTRATION...), safe while the server runs.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { migrateToLatest, openDatabase } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { publishInvalidation } from '../modules/supporter/index.ts';
import { type AdminCommand, UsageError } from './command.ts';
import { COMMAND_NAMES, loadCommand } from './commands/index.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const warn = (line: string) => process.stderr.write(`${line}\n`);

function usageOf(command: AdminCommand): string {
  const lines = [`  ${command.name} ${command.usage}`, `      ${command.summary}`];
  for (const [name, option] of Object.entries(command.options ?? {}))
    lines.push(`      --${name}${option.type === 'string' ? ' <value>' : ''}  ${option.description}`);
  return lines.join('\n');
}

async function help(): Promise<string> {
  const commands: AdminCommand[] = [];
  for (const name of COMMAND_NAMES) commands.push((await loadCommand(name))!);
  return [
    'Usage: npm run admin -- <command> [arguments] [options]',
    '',
    'Runs against the database of the server configured by this environment (DATABASE_URL,',
    'or the SQLite file in DATA_DIR), also while it runs. Commands:',
    '',
    ...commands.map(usageOf),
    '',
    '  --help  This list',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    print(await help());
    return name ? 0 : 1;
  }
  const command = await loadCommand(name);
  if (!command) {
    warn(`Unknown command: ${name}\n\n${await help()}`);
    return 1;
  }
  let input: { args: string[]; options: Record<string, string | boolean | undefined> };
  try {
    if (rest.includes('--help')) {
      print(usageOf(command));
      return 0;
    }
    const parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries(command.options ?? {}).map(([k, o]) => [k, { type: o.type }]),
      ),
      allowPositionals: true,
      strict: true,
    });
    input = {
      args: parsed.positionals,
      options: parsed.values as Record<string, string | boolean | undefined>,
    };
  } catch (err) {
    warn(`${err instanceof Error ? err.message : String(err)}\n\nUsage:\n${usageOf(command)}`);
    return 1;
  }
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'rally.db'),
    poolSize: 2,
  });
  try {
    await migrateToLatest(database);
    // Sent before the database closes: the servers' caches hear of a suspension at once.
    const notices: Promise<void>[] = [];
    const supporterCache = {
      invalidate: (campaignId: number) => notices.push(publishInvalidation(database, String(campaignId))),
      invalidateAll: () => notices.push(publishInvalidation(database, 'all')),
    };
    await command.run({ db: database.db, config, print, warn, supporterCache }, input);
    await Promise.all(notices);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) warn(`${err.message}\n\nUsage:\n${usageOf(command)}`);
    else if (err instanceof HttpError) warn(err.message);
    else throw err;
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    warn(`admin: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
