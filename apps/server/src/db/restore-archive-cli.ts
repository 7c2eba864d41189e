// `npm run restore-archive -- <file>`: loads a month the retention archived (ARCHIVE_DIR,
// business_change_logs-YYYY-MM.csv.gz or staff_actions-YYYY-MM.csv.gz) back into its table.
// The embedded database (DATA_DIR) is opened by one process at a time: stop the server first.
import { loadConfig } from '../config.ts';
import { openDatabase } from './connection.ts';
import { HistoryArchiveError, restoreArchive } from './history-retention.ts';
import { migrate } from './migrate.ts';

const [file] = process.argv.slice(2);
try {
  if (!file) throw new HistoryArchiveError('usage: npm run restore-archive -- <file>');
  const handle = await openDatabase(loadConfig());
  try {
    await migrate(handle);
    const restored = await restoreArchive(handle, file);
    process.stdout.write(`restored ${restored.rows} rows of ${restored.month} into ${restored.table}\n`);
  } finally {
    await handle.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
