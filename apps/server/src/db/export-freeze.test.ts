// A database that stops answering in the middle of a long export (the XLSX, history and audit
// exports read a cursor on the export pool; the CSV ones a COPY): the export fails within one
// deadline, not two, and its connection leaves the pool.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenableProxy } from '../../test/frozenable-proxy.ts';
import { pgUrl, usePostgres } from '../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { isDatabaseUnavailable } from './errors.ts';

const STATEMENT_TIMEOUT_MS = 1_500;
/** The client's deadline for one answer: statement_timeout and a second (postgres-pool.ts). */
const DEADLINE_MS = STATEMENT_TIMEOUT_MS + 1_000;

const ROWS = sql`select n, repeat('x', 200) as pad from generate_series(1, 300000) as n`;

describe.runIf(usePostgres())('an export when the database freezes mid-way', () => {
  let proxy: Awaited<ReturnType<typeof frozenableProxy>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    proxy = await frozenableProxy(new URL(pgUrl()));
    handle = openPostgres(proxy.url, 4, {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: 1_000,
    });
  });

  afterAll(async () => {
    proxy.resume();
    await handle.close();
    await proxy.close();
  });

  /** Reads `chunks`, freezing the database after the second; how it ended and how long that took. */
  async function freezeAfterTwo(chunks: AsyncIterable<unknown>) {
    let read = 0;
    let frozenAt = 0;
    try {
      for await (const _ of chunks) {
        read += 1;
        if (read === 2) {
          proxy.freeze();
          frozenAt = Date.now();
        }
      }
      return { error: undefined, waited: Date.now() - frozenAt, read };
    } catch (error) {
      return { error, waited: Date.now() - frozenAt, read };
    } finally {
      proxy.resume();
    }
  }

  /** The export pool once what the failed export held has been let go. */
  async function exportPoolSettled() {
    for (let i = 0; i < 50 && handle.exportPoolStats!().total > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return handle.exportPoolStats!();
  }

  it('ends a cursor read within one deadline, and gives its connection up', async () => {
    const compiled = ROWS.compile(handle.exportDb);
    const ended = await freezeAfterTwo(handle.exportDb.getExecutor().stream(compiled, 500));
    expect(ended.read).toBe(2);
    expect(isDatabaseUnavailable(ended.error)).toBe(true);
    // The frozen read is given up at its deadline; closing its cursor must not wait for another
    // (an answer a destroyed connection cannot bring).
    expect(ended.waited).toBeLessThan(DEADLINE_MS + 1_000);
    expect(await exportPoolSettled()).toEqual({ total: 0, idle: 0, waiting: 0 });
    // The next export opens a new connection and reads to the end.
    const next = sql<{ n: number }>`select n from generate_series(1, 1200) as n`.compile(handle.exportDb);
    let rows = 0;
    for await (const chunk of handle.exportDb.getExecutor().stream(next, 500)) rows += chunk.rows.length;
    expect(rows).toBe(1200);
  });

  it('ends a COPY within one deadline, and gives its connection up', async () => {
    const select = ROWS.compile(handle.exportDb).sql;
    // What the socket had already brought in is still read; then the frozen read fails.
    const ended = await freezeAfterTwo(handle.copyCsv(select));
    expect(isDatabaseUnavailable(ended.error)).toBe(true);
    expect(ended.waited).toBeLessThan(DEADLINE_MS + 1_000);
    expect(await exportPoolSettled()).toEqual({ total: 0, idle: 0, waiting: 0 });
  });
});
