// Backup and restore of the embedded database: back up, change data, restore, and the data is back;
// through `npm run backup` / `npm run restore` as an operator runs them.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPGlite } from './connection.ts';
import { migrate } from './migrate.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dataDir = join(dir, 'data');
const npmRun = (script: string, file: string) =>
  promisify(execFile)('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 60_000,
  });

/** Opens DATA_DIR, runs `work`, closes it (as the server would between starts). */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPGlite>>['db']) => Promise<T>) {
  const handle = await openPGlite({ dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const businessNames = (db: Awaited<ReturnType<typeof openPGlite>>['db']) =>
  db
    .selectFrom('businesses')
    .select('business_name')
    .orderBy('business_name')
    .execute()
    .then((rows) => rows.map((row) => row.business_name));

describe('npm run backup / restore', () => {
  it('brings back the data as it was at the backup', { timeout: 120_000 }, async () => {
    // A migrated database in DATA_DIR, with one business (migrated here: on a TEST_DB=postgres
    // run there is no PGlite template).
    const seed = await openPGlite({ dataDir });
    await migrate(seed);
    await seed.db
      .insertInto('businesses')
      .values({
        business_name: 'Panadería La Esquina',
        business_owner: 'Marta Colón',
        business_email: 'esquina@correo.test',
        business_phone: '7875550101',
        business_category: 'Restaurantes',
      })
      .execute();
    const countLogs = (db: typeof seed.db) =>
      db
        .selectFrom('business_change_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const logsAtBackup = await countLogs(seed.db);
    await seed.close();

    const file = join(dir, 'portal.tar.gz');
    const backup = await npmRun('backup', file);
    expect(backup.stdout).toMatch(/backed up .* to .*portal\.tar\.gz/);
    expect(existsSync(file)).toBe(true);

    await withDatabase(async (db) => {
      await db.updateTable('businesses').set({ business_name: 'Cambiado' }).execute();
      await db
        .insertInto('businesses')
        .values({
          business_name: 'Después del respaldo',
          business_owner: 'Luis Ortiz',
          business_email: 'despues@correo.test',
          business_phone: '7875550102',
          business_category: 'Servicios',
        })
        .execute();
      expect(await businessNames(db)).toEqual(['Cambiado', 'Después del respaldo']);
    });

    const restore = await npmRun('restore', file);
    const previous = /the previous data is in (\S+)/.exec(restore.stdout)?.[1];
    expect(previous && existsSync(previous)).toBe(true);

    await withDatabase(async (db) => {
      expect(await businessNames(db)).toEqual(['Panadería La Esquina']);
      // The change history is the backup's too: the later update and insert are gone from it.
      expect(await countLogs(db)).toBe(logsAtBackup);
    });
  });

  it('refuses to back up a database that is open (the server running)', { timeout: 60_000 }, async () => {
    const open = await openPGlite({ dataDir });
    try {
      const failed = await npmRun('backup', join(dir, 'while-open.tar.gz')).then(
        () => undefined,
        (error: { stderr: string }) => error,
      );
      expect(failed?.stderr).toMatch(/is in use \(postmaster\.pid\): stop the server first/);
      expect(existsSync(join(dir, 'while-open.tar.gz'))).toBe(false);
    } finally {
      await open.close();
    }
  });
});
