// The pipelined connections behind readDb on PostgreSQL: many statements share them, each gets its
// own answer or its own error, and a server that stops answering, never accepts, or is shut down
// under them ends every statement within its deadline instead of leaving it waiting.
import { createServer } from 'node:net';
import { type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenableProxy } from '../../test/frozenable-proxy.ts';
import { freshDatabase, pgUrl, usePostgres } from '../../test/test-db.ts';
import { batchable } from './batched-reads.ts';
import { type DatabaseHandle, openPostgres, pipelinedShare } from './connection.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { timestampsAsText } from './iso-timestamps.ts';
import { type PipelinedPool, pipelinedPool } from './pipelined-reads.ts';
import { planOnce } from './planned-once.ts';
import { PreparedStatements } from './postgres-pool.ts';

describe('pipelinedShare', () => {
  it('keeps at least two connections for the pool and takes none below three', () => {
    expect([1, 2, 3, 5, 7, 8, 10, 40].map(pipelinedShare)).toEqual([0, 0, 1, 1, 1, 2, 2, 2]);
  });
});

describe.runIf(usePostgres())('pipelined reads on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let url: string;
  const pools: PipelinedPool[] = [];
  /** What reached the pool instead of the pipelined connections. */
  const sentElsewhere: string[] = [];
  const elsewhere: PostgresPool = {
    connect: async () =>
      ({
        query: async (text: string) => {
          sentElsewhere.push(text);
          return { rows: [{ elsewhere: true }] };
        },
        release: () => {},
      }) as unknown as PostgresPoolClient,
    end: async () => {},
  };
  const open = (settings: Partial<Parameters<typeof pipelinedPool>[1]> = {}, at = url) => {
    const pool = pipelinedPool(
      at,
      {
        connections: 2,
        connectTimeoutMs: 2_000,
        statementTimeoutMs: 5_000,
        deadlineMs: 6_000,
        elsewhere,
        ...settings,
      },
      new PreparedStatements(),
    );
    pools.push(pool);
    return pool;
  };
  const run = async <R>(pool: PipelinedPool, text: string, values: unknown[] = []) => {
    const client = await pool.connect();
    return (await client.query<R>(text, values)).rows;
  };

  beforeAll(async () => {
    handle = await freshDatabase();
    const row = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    url = pgUrl(row.rows[0]!.name);
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await handle.close();
  });

  it('answers 60 statements sent at once on its two connections, each with its own rows', async () => {
    const pool = open();
    const text = 'select $1::int as n, pg_backend_pid() as pid';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => run<{ n: number; pid: number }>(pool, text, [n])),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(new Set(answers.map((rows) => rows[0]!.pid)).size).toBe(2);
    expect(pool.stats()).toMatchObject({ connections: 2, waiting: 0 });
  });

  it('sends text searches to the pool, everything else down the pipeline', async () => {
    const pool = open();
    const search = `select id from businesses where search_text like '%' || f_search_text($1) || '%'`;
    expect(await run(pool, search, ['cafe'])).toEqual([{ elsewhere: true }]);
    expect(await run(pool, 'select count(*)::int as n from businesses')).toEqual([{ n: 0 }]);
    expect(sentElsewhere).toEqual([search]);
  });

  it('runs its reads without JIT or parallel workers, from the first one on a new connection', async () => {
    const pool = open({ connections: 1 });
    const [settings] = await run<{ jit: string; workers: string }>(
      pool,
      "select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers",
    );
    expect(settings).toEqual({ jit: 'off', workers: '0' });
  });

  it('plans a statement marked planned once once, and every other for its values, on one connection', async () => {
    const pool = open({ connections: 1 });
    const mode = "select current_setting('plan_cache_mode') as mode, $1::int as n";
    const once = `${mode} -- planned once`;
    planOnce(once);
    const modes = [];
    for (const text of [mode, once, once, mode, once])
      modes.push((await run<{ mode: string }>(pool, text, [1]))[0]!.mode);
    expect(modes).toEqual(['auto', 'force_generic_plan', 'force_generic_plan', 'auto', 'force_generic_plan']);

    // Each is prepared from its third run on (four of six runs): the one marked is never planned
    // for its values, the other on every run.
    const counted = 'select $1::int + 1 as n -- planned once';
    const perValues = 'select $1::int + 2 as n -- planned for its values';
    planOnce(counted);
    for (let n = 0; n < 6; n++) {
      const [a, b] = await Promise.all([run(pool, counted, [n]), run(pool, perValues, [n])]);
      expect([a, b]).toEqual([[{ n: n + 1 }], [{ n: n + 2 }]]);
    }
    const plans = `select statement, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement = any($1::text[]) order by generic_plans desc`;
    expect(await run(pool, plans, [[counted, perValues]])).toEqual([
      { statement: counted, generic: 4, custom: 0 },
      { statement: perValues, generic: 0, custom: 4 },
    ]);
  });

  it('sends the reads of a statement planned once together, planned once', async () => {
    const pool = open({ connections: 1 });
    const text = "select $1::int as n, current_setting('plan_cache_mode') as mode -- together";
    batchable(text);
    planOnce(text);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => run<{ n: number; mode: string }>(pool, text, [n])),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(new Set(answers.map((rows) => rows[0]!.mode))).toEqual(new Set(['force_generic_plan']));
    expect(pool.stats().batches).toBeGreaterThan(0);
  });

  it('gives a statement marked for it its timestamps as ISO text, alone, prepared and sent together', async () => {
    const pool = open({ connections: 1 });
    const select = `select $1::int as n, timestamptz '2026-03-04 05:06:07.891234+00' + $1 * interval '1 day' as at,
      timestamptz '2026-03-04 05:06:07+00' as whole, $1::bigint as big, date '2026-03-04' as day`;
    const marked = `${select} -- as text`;
    timestampsAsText(marked);
    batchable(marked);
    type Row = { n: number; at: unknown; whole: unknown; big: unknown; day: unknown };
    const asDates = await run<Row>(pool, select, [2]);
    expect(asDates[0]!.at).toBeInstanceOf(Date);
    // The third run on is prepared; the last twelve are sent together.
    const alone = [];
    for (let n = 0; n < 4; n++) alone.push((await run<Row>(pool, marked, [n]))[0]!);
    const together = await Promise.all(Array.from({ length: 12 }, (_, n) => run<Row>(pool, marked, [n])));
    for (const row of [...alone, ...together.map((rows) => rows[0]!)]) {
      const day = String(4 + row.n).padStart(2, '0');
      expect(row).toEqual({
        n: row.n,
        at: `2026-03-${day}T05:06:07.891Z`,
        whole: '2026-03-04T05:06:07.000Z',
        big: row.n,
        day: '2026-03-04',
      });
    }
    expect(pool.stats().batches).toBeGreaterThan(0);
    // The same row, unmarked, as Dates that write the same text.
    expect((asDates[0]!.at as Date).toISOString()).toBe('2026-03-06T05:06:07.891Z');
  });

  it('fails only the statement that fails; the ones around it on the same connection answer', async () => {
    const pool = open({ connections: 1 });
    const [before, failed, after] = await Promise.allSettled([
      run<{ n: number }>(pool, 'select 1 as n'),
      run(pool, 'select 1 / $1::int as n', [0]),
      run<{ n: number }>(pool, 'select 3 as n'),
    ]);
    expect(before).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toEqual({ status: 'fulfilled', value: [{ n: 3 }] });
  });

  it('still answers a prepared SELECT * after a migration adds a column', async () => {
    const pool = open({ connections: 1 });
    await sql`create table pipelined_probe (a int)`.execute(handle.db);
    await sql`insert into pipelined_probe values (1)`.execute(handle.db);
    for (let i = 0; i < 5; i++) await run(pool, 'select * from pipelined_probe');
    await sql`alter table pipelined_probe add column b int default 2`.execute(handle.db);
    expect(await run(pool, 'select * from pipelined_probe')).toEqual([{ a: 1, b: 2 }]);
  });

  it('fails every statement on a server that stops answering within the deadline, then reads again', async () => {
    const proxy = await frozenableProxy(new URL(url));
    try {
      const pool = open({ connections: 1, deadlineMs: 800 }, proxy.url);
      expect(await run(pool, 'select 1 as n')).toEqual([{ n: 1 }]);
      proxy.freeze();
      const started = Date.now();
      const waiting = await Promise.allSettled([
        run(pool, 'select 1'),
        run(pool, 'select 2'),
        run(pool, 'select 3'),
      ]);
      const took = Date.now() - started;
      for (const outcome of waiting) {
        expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'DB_DEADLINE' } });
        expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
      }
      expect(took).toBeGreaterThanOrEqual(800);
      expect(took).toBeLessThan(2_000);
      proxy.resume();
      expect(await run(pool, 'select 4 as n')).toEqual([{ n: 4 }]);
    } finally {
      proxy.resume();
      await proxy.close();
    }
  });

  it('does not give up on a long statement while the ones before it are answered', async () => {
    const pool = open({ connections: 1, deadlineMs: 800 });
    // Five statements of 0.5 s each on one connection: 2.5 s in all, never 0.8 s without an answer.
    const sleeps = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        run<{ n: number }>(pool, 'select $1::int as n from pg_sleep(0.5)', [n]),
      ),
    );
    expect(sleeps.map((rows) => rows[0]!.n)).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails within the connect timeout when the server accepts but never speaks', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const at = new URL(url);
      at.port = String((silent.address() as { port: number }).port);
      const pool = open({ connectTimeoutMs: 500, deadlineMs: 10_000 }, at.toString());
      const started = Date.now();
      const outcome = await run(pool, 'select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.close();
    }
  });

  it('interrupt() fails the running statements at once', async () => {
    const pool = open({ connections: 1 });
    await run(pool, 'select 1');
    const started = Date.now();
    const sleeping = run(pool, 'select pg_sleep(5)');
    await new Promise((resolve) => setTimeout(resolve, 100));
    pool.interrupt();
    await expect(sleeping).rejects.toMatchObject({ code: 'DB_SHUTDOWN' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('carries readDb when the process has connections to spare, and not below three', async () => {
    const roomy = openPostgres(url, 5);
    const tight = openPostgres(url, 2);
    try {
      const read = await sql<{ n: number }>`select 7 as n`.execute(roomy.readDb);
      expect(read.rows).toEqual([{ n: 7 }]);
      expect(roomy.pipelineStats?.()).toMatchObject({ connections: 1, waiting: 0 });
      expect(roomy.poolStats?.().max).toBe(4);
      expect(tight.pipelineStats).toBeUndefined();
      expect(tight.readDb).toBe(tight.db);
    } finally {
      await Promise.all([roomy.close(), tight.close()]);
    }
  });
});
