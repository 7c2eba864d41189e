// The bench's data: a database with exactly the wanted number of seeded businesses, reused when it
// has them, topped up with the project's seeder (npm run seed) when it has fewer, and created
// when it does not exist. The seeder is deterministic, so a reused database is the same data.
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openPGlite, openPostgres } from '../apps/server/src/db/connection.ts';
import { run } from './server.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);

export const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//');

async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `cannot reach PostgreSQL at ${redact(maintenance.toString())}: ${(error as Error).message}`,
    );
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      print(`creating database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

async function countBusinesses(handle: DatabaseHandle): Promise<number> {
  const table = await sql<{ found: string | null }>`select to_regclass('businesses')::text as found`.execute(
    handle.db,
  );
  if (!table.rows[0]?.found) return 0;
  const result = await sql<{ n: number }>`select count(*)::int as n from businesses`.execute(handle.db);
  return result.rows[0]!.n;
}

export interface DatasetInfo {
  businesses: number;
  seededNow: number;
  seedSeconds: number;
}

async function topUp(
  count: number,
  wanted: number,
  env: NodeJS.ProcessEnv,
  where: string,
): Promise<DatasetInfo> {
  if (count >= wanted) {
    print(`${where}: ${count.toLocaleString('en-US')} businesses, reused`);
    return { businesses: count, seededNow: 0, seedSeconds: 0 };
  }
  const missing = wanted - count;
  print(
    `${where}: ${count.toLocaleString('en-US')} businesses; seeding ${missing.toLocaleString('en-US')} more`,
  );
  const started = performance.now();
  await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/seed/seed-cli.ts', '--businesses', String(missing)],
    {
      ...env,
      PATH: process.env.PATH,
    },
  );
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  return { businesses: wanted, seededNow: missing, seedSeconds };
}

/** Makes `url` hold `wanted` businesses; opens it for the bench's own reads afterwards. */
export async function preparePostgres(
  url: string,
  wanted: number,
): Promise<{ info: DatasetInfo; handle: DatabaseHandle }> {
  await ensurePostgresDatabase(url);
  let handle = openPostgres(url, 2, { statementTimeoutMs: 0 });
  const count = await countBusinesses(handle);
  if (count < wanted) {
    await handle.close();
    const info = await topUp(count, wanted, { DATABASE_URL: url }, redact(url));
    handle = openPostgres(url, 2, { statementTimeoutMs: 0 });
    // Measure the tables as autovacuum keeps them, not as the bulk load left them, and keep
    // autovacuum's own pass over the new rows from running during the first scenarios.
    const started = performance.now();
    await sql`vacuum (analyze) businesses, business_counts`.execute(handle.db);
    print(`vacuumed businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { info, handle };
  }
  return { info: await topUp(count, wanted, {}, redact(url)), handle };
}

/** The same for an embedded PGlite folder. PGlite is single-process: close `handle` before the server starts. */
export async function preparePGlite(
  dataDir: string,
  wanted: number,
): Promise<{ info: DatasetInfo; handle: DatabaseHandle }> {
  let count = 0;
  if (existsSync(dataDir)) {
    const handle = await openPGlite({ dataDir });
    count = await countBusinesses(handle);
    if (count >= wanted) return { info: await topUp(count, wanted, {}, `PGlite ${dataDir}`), handle };
    await handle.close();
  }
  const info = await topUp(count, wanted, { DATA_DIR: dataDir }, `PGlite ${dataDir}`);
  return { info, handle: await openPGlite({ dataDir }) };
}
