// Runs once per test run: migrates one database and keeps it as the template that every test
// file copies (a dumped PGlite data dir, or a PostgreSQL template database).
import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openPGlite, openPostgres } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { PG_TEMPLATE_DB, pgUrl, TEMPLATE_DUMP, TEST_DIR, usePostgres } from './test-db.ts';

export default async function setup() {
  if (usePostgres()) {
    const server = openPostgres(pgUrl(), 1);
    await sql`drop database if exists ${sql.id(PG_TEMPLATE_DB)} with (force)`.execute(server.db);
    await sql`create database ${sql.id(PG_TEMPLATE_DB)}`.execute(server.db);
    await server.close();
    const template = openPostgres(pgUrl(PG_TEMPLATE_DB), 2); // migrate holds one for its lock
    await migrate(template);
    await template.close();
    return;
  }
  mkdirSync(TEST_DIR, { recursive: true });
  const handle = await openPGlite();
  await migrate(handle);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}
