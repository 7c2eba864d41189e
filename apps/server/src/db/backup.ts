// Backup and restore of the embedded database (DATA_DIR): PGlite's own data-dir tarball
// (dumpDataDir / loadDataDir), taken with the server stopped. PostgreSQL has pg_dump for this.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './connection.ts';

export class BackupError extends Error {}

/** PGlite keeps postmaster.pid in its folder while open and removes it on a clean close. */
function assertNotInUse(dataDir: string) {
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `${dataDir} is in use (postmaster.pid): stop the server first. If it is not running, it ` +
        'did not stop cleanly: start it once and stop it with Ctrl+C or SIGTERM.',
    );
  }
}

/** Writes DATA_DIR as a gzipped tarball to `file`. Returns its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no database`);
  assertNotInUse(dataDir);
  const pglite = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  try {
    const dump = await pglite.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await pglite.close();
  }
}

/**
 * Replaces DATA_DIR with the database in `file` (a backupDataDir tarball). The tarball is loaded
 * into a new folder first, so a bad file leaves DATA_DIR as it was; the previous DATA_DIR is kept
 * beside it as `<DATA_DIR>.before-restore-<time>`, whose path is returned (undefined if none).
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<string | undefined> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const target = resolve(dataDir);
  if (existsSync(target)) assertNotInUse(target);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = join(dirname(target), `.${basename(target)}.restoring-${stamp}`);
  try {
    const pglite = await PGlite.create({
      dataDir: incoming,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: pgliteExtensions,
    });
    await pglite.query('select 1'); // the restored database opens and answers
    await pglite.close();
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw new BackupError(
      `${file} is not a usable backup: ${error instanceof Error ? error.message : error}`,
    );
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`;
    renameSync(target, previous);
  }
  renameSync(incoming, target);
  return previous;
}
