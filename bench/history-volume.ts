// The history at a multiple of what the seed writes: BENCH_HISTORY_FACTORS=1,5 adds
// targets 'PostgreSQL, 1M businesses, N× change logs' on databases portal_bench_<N>x_logs, copies
// of the 1M database whose business_change_logs is topped up to N times the seed's rows. Copy k
// is the seed's rows again, dated k × 37 months earlier (so it fills months of its own, as a
// change log that grows for years does); each month gets its partition first. The staff audit
// gets the same rows at every factor (one action per ten of the seed's change-log rows), so the
// audit list is measured with only the change log grown.
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { redact } from './dataset.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const SHIFT_MONTHS = 37;

/** portal_bench_5x_logs next to the 1M database's URL. */
export function historyDatabaseUrl(baseUrl: string, factor: number): string {
  const url = new URL(baseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_${factor}x_logs`;
  return url.toString();
}

/** Creates `url` as a copy of `templateUrl` when it does not exist (no one may be connected to the template). */
async function copyDatabase(templateUrl: string, url: string): Promise<boolean> {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    print(`creating ${name} as a copy of ${template}`);
    await client.query(`create database "${name}" template "${template}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Makes the database at `url` (copied from `templateUrl` if missing) hold `factor` × the seed's change logs. */
export async function prepareHistoryVolume(templateUrl: string, url: string, factor: number): Promise<void> {
  await copyDatabase(templateUrl, url);
  const handle = openPostgres(url, 2, { statementTimeoutMs: 0 });
  try {
    await migrate(handle);
    const { db } = handle;
    const seed = await sql<{ first: Date; last: Date; rows: number }>`
      select min(changed_at) as first, max(changed_at) as last, count(*)::int as rows
        from business_change_logs where changed_at >= now() - make_interval(months => ${SHIFT_MONTHS})`.execute(
      db,
    );
    const { first, last, rows } = seed.rows[0]!;
    if (!rows) throw new Error(`${redact(url)} has no seeded change logs`);
    const started = performance.now();
    for (let copy = 1; copy < factor; copy += 1) {
      const shift = sql`make_interval(months => ${SHIFT_MONTHS * copy})`;
      const there = await sql<{ found: boolean }>`
        select exists (select 1 from business_change_logs
                        where changed_at >= ${first}::timestamptz - ${shift}
                          and changed_at <= ${last}::timestamptz - ${shift}) as found`.execute(db);
      if (there.rows[0]?.found) continue;
      await sql`
        select history_ensure_month('business_change_logs', month)
          from generate_series(date_trunc('month', ${first}::timestamptz - ${shift}),
                               ${last}::timestamptz - ${shift}, interval '1 month') as month`.execute(db);
      await sql`
        insert into business_change_logs
          (business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
           changed_at, changed_by, ip_address, user_agent)
        select business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
               changed_at - ${shift}, changed_by, ip_address, user_agent
          from business_change_logs
         where changed_at >= ${first}::timestamptz and changed_at <= ${last}::timestamptz`.execute(db);
      print(`${redact(url)}: change logs, copy ${copy + 1} of ${factor} written`);
    }
    const audit = await sql<{ n: number }>`select count(*)::int as n from staff_actions`.execute(db);
    if (audit.rows[0]!.n === 0) {
      await sql`
        select history_ensure_month('staff_actions', month)
          from generate_series(date_trunc('month', ${first}::timestamptz), ${last}::timestamptz, interval '1 month') as month`.execute(
        db,
      );
      await sql`
        insert into staff_actions
          (action, actor_role, actor_identifier, target_kind, target_registry, details, ip_address, user_agent, created_at)
        select (array['verification_update', 'access_toggle', 'location_add'])[log_id % 3 + 1],
               case when changed_by ilike 'master%' then 'master' else 'admin' end,
               changed_by, 'business', business_registry_number,
               jsonb_build_object('business_id', business_id), ip_address, user_agent, changed_at
          from business_change_logs
         where log_id % 10 = 0 and changed_at >= ${first}::timestamptz and changed_at <= ${last}::timestamptz`.execute(
        db,
      );
    }
    // As autovacuum keeps them (visibility map set: index-only counts), not as the load left them.
    await sql`vacuum (analyze) business_change_logs, business_change_log_months, staff_actions`.execute(db);
    const totals = await sql<{ logs: number; actions: number; months: number }>`
      select (select count(*)::int from business_change_logs) as logs,
             (select count(*)::int from staff_actions) as actions,
             (select count(*)::int from pg_inherits where inhparent = 'business_change_logs'::regclass) as months`.execute(
      db,
    );
    const t = totals.rows[0]!;
    print(
      `${redact(url)}: ${t.logs.toLocaleString('en-US')} change logs in ${t.months} partitions, ` +
        `${t.actions.toLocaleString('en-US')} staff actions (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await handle.close();
  }
}
