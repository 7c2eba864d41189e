// Business API under load, through real HTTP on a loopback port (issue 4 "Performance"):
//   directory list: two-word search + one filter, limit 10, with total_count; 20 clients
//   history: a 20-row page of a business with 10,000 log rows; 20 clients
//   CSV: the 10,000-row directory export and the 10,000-row history export
// Needs a seeded PostgreSQL (npm run seed -- --businesses 1000000) at BENCH_DATABASE_URL.
// Prints figures only. The business and log rows it adds are removed at the end.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/auth/session.service.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 1000);
const HISTORY_REQUESTS = Number(process.env.BENCH_HISTORY_REQUESTS ?? 1000);
const LOG_ROWS = 10_000;
const BASE = '/master/business-data/api/v1/business-data';
const HISTORY = '/master/business-change-logs/api/v1/business-change-logs';

const print = (line: string) => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(label: string, times: number[], wallMs: number, statuses: Map<number, number>) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  print(
    `${label.padEnd(34)} n=${String(times.length).padStart(5)}  p50 ${f(percentile(sorted, 50))} ms  ` +
      `p95 ${f(percentile(sorted, 95))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? 0)} ms  ` +
      `${((times.length / wallMs) * 1000).toFixed(0)} req/s  statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
}

const loadWorker = new Worker(new URL('./load-worker.mjs', import.meta.url));
loadWorker.unref();

/** Runs `urls` through `clients` concurrent loops on the load thread (bench/load-worker.mjs). */
function load(origin: string, headers: Record<string, string>, urls: string[], clients = CLIENTS) {
  return new Promise<{ times: number[]; statuses: Map<number, number>; wallMs: number }>(
    (resolve, reject) => {
      loadWorker.once('error', reject);
      loadWorker.once(
        'message',
        (result: { times: number[]; statuses: Record<string, number>; wallMs: number }) => {
          loadWorker.off('error', reject);
          const statuses = new Map(Object.entries(result.statuses).map(([status, n]) => [Number(status), n]));
          resolve({ times: result.times, statuses, wallMs: result.wallMs });
        },
      );
      loadWorker.postMessage({ origin, headers, urls, clients });
    },
  );
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export default async function businessApiBench() {
  const handle = openPostgres(DATABASE_URL); // the pool size the server runs with
  await migrate(handle);
  const db = handle.db;
  const total = await sql<{ n: number }>`select count(*)::int as n from businesses`.execute(db);
  print(
    `database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}: ${total.rows[0]!.n.toLocaleString('en-US')} businesses`,
  );

  const secrets = { jwtSecret: randomBytes(32), masterPasswordHash: 'unused' };
  const app = await buildApp({
    handle,
    config: { ...loadConfig({}), logLevel: 'silent' },
    secrets,
    mailer: { send: async () => {} },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const session = await createSession(
    db,
    { secret: secrets.jwtSecret, jwtTtlSeconds: 3600 },
    {
      loginType: 'master',
      adminId: null,
    },
  );
  const headers = { authorization: `Bearer ${session.jwt}`, 'x-master-key': session.masterKey! };

  let benchRegistry: string | undefined;
  try {
    // Directory list: two words of real names (typed without accents) plus one filter, the way
    // a person narrows the directory. Sample rows spread over the table.
    const sample = await sql<{
      business_name: string;
      business_category: string | null;
      business_year: number | null;
    }>`select business_name, business_category, business_year
         from businesses tablesample system (0.5) repeatable (7)
        where business_name ~ '\\S+\\s+\\S+' limit 400`.execute(db);
    const filters = (row: (typeof sample.rows)[number], i: number) => {
      if (i % 3 === 0 && row.business_category)
        return `&category=${encodeURIComponent(row.business_category)}`;
      if (i % 3 === 1) return '&verified_email=true';
      return row.business_year ? `&year=${row.business_year}` : '&verified_phone=false';
    };
    const listUrls = sample.rows.map((row, i) => {
      const words = plain(row.business_name)
        .split(/\s+/)
        .filter((w) => w.length >= 2);
      const pick = i % 2 === 0 ? words.slice(0, 2) : words.slice(-2);
      return `${BASE}?search=${encodeURIComponent(pick.join(' '))}${filters(row, i)}&limit=10`;
    });
    const urls = (n: number, from: string[]) => Array.from({ length: n }, (_, i) => from[i % from.length]!);

    await load(origin, headers, urls(100, listUrls)); // warm-up
    const list = await load(origin, headers, urls(LIST_REQUESTS, listUrls));
    summary('directory list (2 words + filter)', list.times, list.wallMs, list.statuses);
    const listOne = await load(origin, headers, urls(200, listUrls), 1);
    summary('directory list, one client', listOne.times, listOne.wallMs, listOne.statuses);

    // The broadest two-word search: the most common first two words of names, one filter.
    const common = await sql<{ words: string; n: number }>`
      select split_part(f_search_text(business_name), ' ', 1) || ' ' ||
             split_part(f_search_text(business_name), ' ', 2) as words, count(*)::int as n
        from businesses tablesample system (1) repeatable (7)
       group by 1 order by 2 desc limit 5`.execute(db);
    const broadUrls = common.rows.map(
      (row) => `${BASE}?search=${encodeURIComponent(row.words)}&verified_email=true&limit=10`,
    );
    const broad = await load(origin, headers, urls(Math.min(LIST_REQUESTS, 400), broadUrls));
    summary(`broad search ("${common.rows[0]?.words}")`, broad.times, broad.wallMs, broad.statuses);
    const firstBroad = await (await fetch(origin + broadUrls[0]!, { headers })).json();
    print(`  broad search total_count: ${firstBroad.total_count}`);

    const plainUrls = [`${BASE}?limit=10`, `${BASE}?limit=10&offset=100`];
    await load(origin, headers, urls(100, plainUrls)); // warm-up
    const plainList = await load(origin, headers, urls(400, plainUrls));
    summary('directory list (no search)', plainList.times, plainList.wallMs, plainList.statuses);

    // History: a business of our own with 10,000 log rows.
    const business = await db
      .insertInto('businesses')
      .values({
        business_name: 'Negocio de Prueba de Rendimiento',
        business_owner: 'Bench',
        business_email: `bench-${Date.now()}@bench.invalid`,
        business_phone: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10),
      })
      .returning(['id', 'business_registry_number'])
      .executeTakeFirstOrThrow();
    benchRegistry = business.business_registry_number;
    await sql`insert into business_change_logs
                (business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
                 changed_at, changed_by, ip_address, user_agent)
              select ${business.id}, ${benchRegistry}, 'UPDATE',
                     (array['business_name','business_phone','verified_email','business_address'])[1 + g % 4],
                     'antes ' || g, 'despues ' || g, now() - (g || ' minutes')::interval,
                     'admin' || (g % 7) || '@portal.test', '10.0.0.' || (g % 250), 'Mozilla/5.0 Bench'
                from generate_series(1, ${LOG_ROWS - 1}) as g`.execute(db);
    await sql`analyze business_change_logs`.execute(db);
    const historyUrls = [
      `${HISTORY}/registry/${benchRegistry}?limit=20`,
      `${HISTORY}/registry/${benchRegistry}?limit=20&offset=20`,
      `${HISTORY}/registry/${benchRegistry}?limit=20&operation_type=UPDATE`,
    ];
    await load(origin, headers, urls(60, historyUrls));
    const history = await load(origin, headers, urls(HISTORY_REQUESTS, historyUrls));
    summary('history page (20 of 10,000 rows)', history.times, history.wallMs, history.statuses);
    const single = await load(origin, headers, urls(200, historyUrls.slice(0, 1)), 1);
    summary('history page, one client', single.times, single.wallMs, single.statuses);

    // CSV exports, one at a time.
    for (const [label, url] of [
      ['directory export (10,000 rows)', `${BASE}/export`],
      ['history export (10,000 rows)', `${HISTORY}/registry/${benchRegistry}/export`],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      let lines = 0;
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        const body = await (await fetch(origin + url, { headers })).text();
        times.push(performance.now() - t0);
        bytes = body.length;
        lines = body.split('\r\n').length - 2;
      }
      summary(
        label,
        times,
        times.reduce((a, b) => a + b, 0),
        new Map([[200, times.length]]),
      );
      print(
        `  ${lines.toLocaleString('en-US')} data rows, ${(bytes / 1024 / 1024).toFixed(1)} MB (UTF-16 chars)`,
      );
    }
  } finally {
    if (benchRegistry) {
      await db.deleteFrom('businesses').where('business_registry_number', '=', benchRegistry).execute();
      await db
        .deleteFrom('business_change_logs')
        .where('business_registry_number', '=', benchRegistry)
        .execute();
    }
    await db.deleteFrom('sessions').where('session_id', '=', session.sessionId).execute();
    await app.close();
    await handle.close();
  }
}
