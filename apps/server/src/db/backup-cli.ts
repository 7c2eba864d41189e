// `npm run backup -- <file>` / `npm run restore -- <file>`: the embedded database (DATA_DIR), with
// the server stopped. With DATABASE_URL set, PostgreSQL's own pg_dump / pg_restore do this.
import { loadConfig } from '../config.ts';
import { BackupError, backupDataDir, restoreDataDir } from './backup.ts';

const [command, file] = process.argv.slice(2);
try {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('usage: npm run backup -- <file>  |  npm run restore -- <file>');
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README)');
  }
  if (command === 'backup') {
    const size = await backupDataDir(config.dataDir, file);
    process.stdout.write(`backed up ${config.dataDir} to ${file} (${size} bytes)\n`);
  } else {
    const previous = await restoreDataDir(config.dataDir, file);
    process.stdout.write(
      `restored ${file} into ${config.dataDir}${previous ? `; the previous data is in ${previous}` : ''}\n`,
    );
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
