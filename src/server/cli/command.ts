import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { SupporterCacheInvalidator } from '../lib/supporter-cache-invalidator.ts';

// What one command of `npm run admin` is (src/server/cli/commands/<name>.ts): its name,
// what it does, its arguments and options for --help, and `run`, which calls the same
// services as the HTTP routes (one rule in one place).

/** An option: `--name <value>` (a string) or `--name` (a flag). */
export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
}

export interface AdminContext {
  db: Db;
  config: Config;
  /** A line on stdout: the command's result. */
  print: (line: string) => void;
  /** A line on stderr: a warning the operator must read. */
  warn: (line: string) => void;
  /**
   * The running servers' supporter caches: on PostgreSQL they are told at once (NOTIFY);
   * on SQLite the server drops a cached page within its lifetime (60 s).
   */
  supporterCache: SupporterCacheInvalidator;
}

export interface CommandInput {
  /** The positional arguments after the command's name. */
  args: string[];
  options: Record<string, string | boolean | undefined>;
}

export interface AdminCommand {
  name: string;
  /** One line for --help. */
  summary: string;
  /** The positional arguments as --help shows them: `<username>`. */
  usage: string;
  options?: Record<string, OptionSpec>;
  run: (ctx: AdminContext, input: CommandInput) => Promise<void>;
}

/** Bad input on the command line: its message is printed with the command's usage, exit 1. */
export class UsageError extends Error {}

/** The one positional argument a command needs, or a UsageError naming it. */
export function oneArgument(input: CommandInput, name: string): string {
  if (input.args.length !== 1) throw new UsageError(`Give exactly one ${name}`);
  return input.args[0]!;
}

/** A value checked with a zod schema of src/shared: its first message on failure. */
export function checked<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** An organisation named on the command line by its id or its username, or a UsageError. */
export async function organizationIdOf(db: Db, ref: string): Promise<number> {
  const org = await db
    .selectFrom('organizations')
    .select('id')
    .where(/^\d+$/.test(ref) ? 'id' : 'username', '=', /^\d+$/.test(ref) ? Number(ref) : ref)
    .executeTakeFirst();
  if (!org) throw new UsageError(`No organisation with the id or username ${ref}`);
  return org.id;
}
