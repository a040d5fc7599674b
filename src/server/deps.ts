import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { DialectName } from './db/dialect.ts';
import type { AppShell } from './html/app-shell.ts';
import type { Mailer } from './lib/mail.ts';

/** What every route module receives: shared services, built once in app.ts. */
export interface AppDeps {
  db: Db;
  dialect: DialectName;
  config: Config;
  shell: AppShell;
  mailer: Mailer;
}
