// npm run backup -- FILE: a consistent copy of the running (or stopped) server's
// SQLite database and uploads in one .tar.gz. See docs/operations.md.
import { loadConfig } from '../src/server/config/env.ts';
import { backupDataDir } from '../src/server/lib/backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- FILE   (e.g. rally-backup.tar.gz; DATA_DIR picks the data)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md).');
  process.exit(2);
}
try {
  const s = await backupDataDir({ dataDir: config.dataDir, file });
  console.log(`Backed up ${config.dataDir} into ${s.file} (${s.bytes} bytes, ${s.uploads} uploads)`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
