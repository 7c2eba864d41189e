// Runs once per test run: migrates one database and keeps it as the template that every test
// file copies (a dumped PGlite data dir, or a PostgreSQL template database).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openPGlite, openPostgres } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { pgUrl, TEST_DIR, usePostgres } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    /** Every database a test creates on TEST_DATABASE_URL starts with it (test-db.ts). */
    pgRunPrefix: string;
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // One template per run and project (the server's tests are two projects of one run), so that no
  // teardown drops another's; no tag is the start of another ('server', 'servermocks').
  const tag = `${process.pid}_${project.name.replace(/\W/g, '')}`;
  if (usePostgres()) {
    const PG_TEMPLATE_DB = `portal_test_template_${tag}`;
    const runPrefix = `portal_test_${tag}_`;
    project.provide('pgTemplate', PG_TEMPLATE_DB);
    project.provide('pgRunPrefix', runPrefix);
    const server = openPostgres(pgUrl(), 1);
    await sql`drop database if exists ${sql.id(PG_TEMPLATE_DB)} with (force)`.execute(server.db);
    await sql`create database ${sql.id(PG_TEMPLATE_DB)}`.execute(server.db);
    await server.close();
    const template = openPostgres(pgUrl(PG_TEMPLATE_DB), 2); // migrate holds one for its lock
    await migrate(template);
    await template.close();
    // Runs whether tests passed or failed: drops the template and every database of this run
    // that a test did not drop itself.
    return async () => {
      const cleanup = openPostgres(pgUrl(), 1);
      try {
        const left = await sql<{ datname: string }>`
          select datname from pg_database where starts_with(datname, ${runPrefix})`.execute(cleanup.db);
        for (const name of [PG_TEMPLATE_DB, ...left.rows.map((row) => row.datname)]) {
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup.db);
        }
      } finally {
        await cleanup.close();
      }
    };
  }
  mkdirSync(TEST_DIR, { recursive: true });
  const dumpFile = join(TEST_DIR, `template-${tag}.tar.gz`);
  project.provide('pgliteTemplate', dumpFile);
  const handle = await openPGlite();
  await migrate(handle);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return () => rmSync(dumpFile, { force: true });
}
