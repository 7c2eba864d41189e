// Writes a deterministic, realistic Puerto Rico data set (DESIGN §5): `businesses` businesses
// with their locations, schedules, products, services, employees, events, access rows,
// subscriptions, billing history and change history. The same seed gives the same rows.
//
// Bulk-load shape: one transaction; the change-log trigger is off (the generator writes the
// history rows itself); for large loads the secondary indexes are dropped and rebuilt at the end;
// the directory totals (business_counts) are recounted at the end.
import type { DatabaseHandle } from '../connection.ts';
import { generateBusiness, newRng, type SeedContext } from './generate.ts';
import { emptyTableRows, SEED_TABLE_NAMES, type SeedTable, type TableRows } from './tables.ts';
import { type Loader, runAlone, withLoader } from './writer.ts';

export interface SeedOptions {
  businesses: number;
  seed?: number;
  log?: (line: string) => void;
  /** PostgreSQL URL of `handle`: enables COPY FROM STDIN (otherwise multi-row INSERTs). */
  connectionString?: string;
  /** Reference time for generated dates (default: now). */
  now?: Date;
  /** Drop and rebuild secondary indexes around the load (default: from 50,000 businesses). */
  rebuildIndexes?: boolean;
}

export interface SeedResult {
  businesses: number;
  rows: Record<SeedTable, number>;
  totalRows: number;
  seconds: number;
  method: Loader['method'];
}

const CHUNK_BUSINESSES = 5_000;
const YIELD_EVERY = 250;
const REBUILD_THRESHOLD = 50_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const total = Math.max(0, Math.floor(options.businesses));
  const log = options.log ?? (() => {});
  const started = performance.now();
  const rows = Object.fromEntries(SEED_TABLE_NAMES.map((name) => [name, 0])) as Record<SeedTable, number>;
  let totalRows = 0;

  const method = await withLoader(handle, options.connectionString, async (loader) => {
    if (total === 0) return loader.method;
    const restoreTrigger = await disableChangeLogTrigger(loader);
    const context = await reserve(loader, total, options);
    // The generated history goes back HISTORY_SPAN (3 years): its months get their partitions
    // (migration 047) before the rows come, rather than the rows going to the default partition.
    await loader.query(
      `SELECT history_ensure_month('business_change_logs', month)
         FROM generate_series(to_timestamp(${context.now / 1000}) - interval '37 months',
                              to_timestamp(${context.now / 1000}), interval '1 month') AS month`,
    );
    const rebuild = options.rebuildIndexes ?? total >= REBUILD_THRESHOLD;
    const indexes = rebuild ? await dropSecondaryIndexes(loader) : [];

    const rng = newRng();
    let pending: Promise<void> = Promise.resolve();
    let nextReport = Math.min(total, Math.max(CHUNK_BUSINESSES, Math.ceil(total / 10)));
    for (let start = 0; start < total; start += CHUNK_BUSINESSES) {
      const end = Math.min(total, start + CHUNK_BUSINESSES);
      const chunk = emptyTableRows();
      for (let position = start; position < end; position++) {
        generateBusiness(context, position, rng, chunk);
        // Let the previous chunk's COPY data flush while this one is generated.
        if ((position - start) % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      }
      await pending;
      pending = writeChunk(loader, chunk);
      for (const name of SEED_TABLE_NAMES) {
        rows[name] += chunk[name].length;
        totalRows += chunk[name].length;
      }
      if (end >= nextReport || end === total) {
        await pending;
        const seconds = (performance.now() - started) / 1000;
        log(
          `seed: ${end.toLocaleString('en-US')}/${total.toLocaleString('en-US')} businesses, ` +
            `${totalRows.toLocaleString('en-US')} rows, ${Math.round(totalRows / seconds).toLocaleString('en-US')} rows/s`,
        );
        nextReport += Math.max(CHUNK_BUSINESSES, Math.ceil(total / 10));
      }
    }
    await pending;

    if (indexes.length > 0) {
      const rebuildStart = performance.now();
      for (const index of indexes) await loader.query(index.def);
      log(
        `seed: rebuilt ${indexes.length} indexes in ${((performance.now() - rebuildStart) / 1000).toFixed(1)} s`,
      );
    }
    await restoreTrigger();
    // The load ran with triggers off: the directory totals (migration 025) are recounted once.
    await loader.query('SELECT refresh_business_counts()');
    // And the sorted searches' copy of the businesses, in name order (migration 073).
    await loader.query('SELECT refresh_business_sort_keys()');
    // And the months each business has change logs in (migration 047).
    await loader.query('SELECT history_rebuild_months()');
    return loader.method;
  });

  if (total > 0) await analyze(handle, options.connectionString);
  const seconds = (performance.now() - started) / 1000;
  log(
    `seed: wrote ${total.toLocaleString('en-US')} businesses and ${totalRows.toLocaleString('en-US')} rows in ` +
      `${seconds.toFixed(1)} s (${Math.round(totalRows / Math.max(seconds, 0.001)).toLocaleString('en-US')} rows/s, ` +
      `${Math.round(total / Math.max(seconds, 0.001)).toLocaleString('en-US')} businesses/s, ${method})`,
  );
  return { businesses: total, rows, totalRows, seconds, method };
}

async function writeChunk(loader: Loader, chunk: TableRows): Promise<void> {
  for (const name of SEED_TABLE_NAMES) {
    if (chunk[name].length > 0) await loader.copy(name, chunk[name]);
  }
}

/**
 * The generator writes the history itself, so the trigger must not. `session_replication_role`
 * (superuser) also skips foreign-key checks; owners without it disable just the trigger.
 * Both are transaction-scoped and end with the transaction.
 */
async function disableChangeLogTrigger(loader: Loader): Promise<() => Promise<void>> {
  await loader.query('SAVEPOINT seed_replica_role');
  try {
    await loader.query('SET LOCAL session_replication_role = replica');
    await loader.query('RELEASE SAVEPOINT seed_replica_role');
    return async () => {};
  } catch {
    await loader.query('ROLLBACK TO SAVEPOINT seed_replica_role');
    await loader.query('ALTER TABLE businesses DISABLE TRIGGER businesses_change_log');
    return async () => {
      await loader.query('ALTER TABLE businesses ENABLE TRIGGER businesses_change_log');
    };
  }
}

/** Claims ids and registry numbers for the run and moves the sequences past them. */
async function reserve(loader: Loader, total: number, options: SeedOptions): Promise<SeedContext> {
  const idBase = await reserveIdentity(loader, 'businesses', total);
  const subscriptionIdBase = await reserveIdentity(loader, 'subscriptions', total);
  const [registry] = await loader.query<{ used: string | number }>(
    `SELECT greatest(
       (SELECT coalesce(max(substring(business_registry_number FROM 4)::bigint), 0) FROM businesses),
       (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM business_registry_seq)
     ) AS used`,
  );
  const registryBase = Number(registry?.used ?? 0);
  await loader.query(`SELECT setval('business_registry_seq', ${registryBase + total}, true)`);
  const admins = await loader.query<{ admin_id: number; admin_email: string }>(
    `SELECT admin_id, admin_email FROM admins WHERE access_status = 'active' ORDER BY admin_id LIMIT 50`,
  );
  const phones = await loader.query<{ business_phone: string }>('SELECT business_phone FROM businesses');
  const now = options.now?.getTime() ?? Date.now();
  return {
    seed: (options.seed ?? 1) >>> 0,
    now,
    total,
    idBase,
    registryBase,
    subscriptionIdBase,
    admins: admins.map((admin) => ({ id: Number(admin.admin_id), email: admin.admin_email })),
    takenPhones: new Set(phones.map((row) => row.business_phone)),
  };
}

async function reserveIdentity(loader: Loader, table: 'businesses' | 'subscriptions', count: number) {
  const [sequence] = await loader.query<{ name: string }>(
    `SELECT pg_get_serial_sequence('${table}', 'id') AS name`,
  );
  const [used] = await loader.query<{ used: string | number }>(
    `SELECT greatest(
       (SELECT coalesce(max(id), 0) FROM ${table}),
       (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${sequence!.name})
     ) AS used`,
  );
  const base = Number(used?.used ?? 0);
  await loader.query(`SELECT setval('${sequence!.name}', ${base + count}, true)`);
  return base;
}

/**
 * Indexes that are neither primary keys nor behind a constraint: cheaper to build once at the end.
 * On a partitioned table (the history, migration 047) pg_get_indexdef says `ON ONLY`, which would
 * make an invalid index on the parent alone: the statement kept here builds it on every partition.
 */
async function dropSecondaryIndexes(loader: Loader): Promise<{ name: string; def: string }[]> {
  const tables = SEED_TABLE_NAMES.map((name) => `'${name}'::regclass`).join(', ');
  const found = await loader.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid IN (${tables}) AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`,
  );
  const indexes = found.map((index) => ({ name: index.name, def: wholeTableIndex(index.def) }));
  for (const index of indexes) await loader.query(`DROP INDEX ${index.name}`);
  await loader.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  return indexes;
}

/** `CREATE INDEX … ON ONLY t …` (the parent alone) as `… ON t …` (the parent and its partitions). */
export function wholeTableIndex(definition: string): string {
  return definition.replace(/^(CREATE (?:UNIQUE )?INDEX \S+) ON ONLY /, '$1 ON ');
}

/**
 * Statistics and the visibility map for everything the load filled, the tables its functions filled
 * included, as autovacuum would leave them: without the map an index-only scan still reads the table.
 */
async function analyze(handle: DatabaseHandle, connectionString: string | undefined): Promise<void> {
  const statement = `VACUUM (ANALYZE) ${SEED_TABLE_NAMES.join(', ')}, business_counts, business_sort_keys, business_change_log_months`;
  await runAlone(handle, connectionString, statement);
}
