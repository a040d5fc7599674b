// npm run restore -- FILE [--force]: puts a backup made by `npm run backup` into
// DATA_DIR. Stop the server first. See docs/operations.md.
import { loadConfig } from '../src/server/config/env.ts';
import { restoreDataDir } from '../src/server/lib/backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => a !== '--force');
if (!file) {
  console.error(
    'Usage: npm run restore -- FILE [--force]   (DATA_DIR picks where; --force replaces existing data)',
  );
  process.exit(2);
}
const config = loadConfig();
try {
  const s = await restoreDataDir({ file, dataDir: config.dataDir, force });
  console.log(`Restored ${s.file} into ${config.dataDir} (database ${s.bytes} bytes, ${s.uploads} uploads)`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
