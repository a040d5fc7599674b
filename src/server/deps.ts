import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { DialectName } from './db/dialect.ts';
import type { AppShell } from './html/app-shell.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { FileStorage } from './lib/storage.ts';
import type { CacheInvalidationSync, SupporterCache } from './modules/supporter/index.ts';
import type { Mailer } from './lib/mail.ts';
import type { FetchSlots } from './modules/uploads/index.ts';
import type { ReviewPreview } from './lib/review-preview.ts';

/** What every route module receives: shared services, built once in app.ts. */
export interface AppDeps {
  db: Db;
  dialect: DialectName;
  config: Config;
  shell: AppShell;
  /** The supporter read cache: every write that changes a campaign's public view invalidates it. */
  supporterCache: SupporterCache;
  /** Carries supporterCache invalidations between instances (PostgreSQL LISTEN/NOTIFY). */
  supporterCacheSync: CacheInvalidationSync;
  /** The upload store behind /uploads. */
  uploads: FileStorage;
  /** The one background job runner (jobs/index.ts lists its jobs); app.ts starts and stops it. */
  jobs: JobRunner;
  /** PostgreSQL: the webhook sender runs in its own thread (started with the app), not in `jobs`. */
  webhookSenderThread: boolean;
  mailer: Mailer;
  /**
   * The one cap on downloads from URLs this instance runs at once (upload-from-url and
   * the bulk import's media), so the two routes together stay within it.
   */
  fetchSlots: FetchSlots;
  /** The supporter page's `?review=1`: a read with the campaign's waiting change applied, then undone. */
  reviewPreview: ReviewPreview;
}
