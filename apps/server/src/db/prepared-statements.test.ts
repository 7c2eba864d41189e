// The pool's named prepared statements: which SELECTs get a name, and a statement a
// migration changed under a running server still answers.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from '../../test/test-db.ts';
import { businessStatsQuery } from '../modules/business-data/business-data.repository.ts';
import { eventTotalsQuery } from '../modules/events/events.repository.ts';
import { isPreparable, PreparedStatements } from './postgres-pool.ts';

describe('PreparedStatements', () => {
  it('names a SELECT from its third run on, and the same text always the same', () => {
    const prepared = new PreparedStatements();
    const text = 'select "id" from "businesses" where "id" = $1';
    expect(prepared.nameFor(text)).toBeUndefined();
    expect(prepared.nameFor(text)).toBeUndefined();
    const name = prepared.nameFor(text);
    expect(name).toMatch(/^portal_\d+$/);
    expect(prepared.nameFor(text)).toBe(name);
    expect(prepared.nameFor('select 1')).toBeUndefined();
  });

  it('names a SELECT written on its own lines, but not one that starts with a comment', () => {
    const prepared = new PreparedStatements();
    const indented = '\n    select "id"\n      from "businesses" where "id" = $1';
    const commented = '/* one-off */ select "id" from "businesses" where "id" = $1';
    for (let i = 0; i < 2; i++) prepared.nameFor(indented);
    expect(prepared.nameFor(indented)).toMatch(/^portal_\d+$/);
    for (let i = 0; i < 5; i++) expect(prepared.nameFor(commented)).toBeUndefined();
    expect(prepared.nameFor('selection_of_nothing')).toBeUndefined();
  });

  it('never names writes or text searches, nor a text it was told to drop', () => {
    const prepared = new PreparedStatements();
    const texts = [
      'update "admins" set "access_status" = $1',
      `select "id" from "businesses" where search_text like '%' || f_search_text($1) || '%'`,
      'select similarity("business_name", $1) from "businesses"',
    ];
    for (const text of texts) for (let i = 0; i < 5; i++) expect(prepared.nameFor(text)).toBeUndefined();
    const dropped = 'select * from "admins"';
    for (let i = 0; i < 3; i++) prepared.nameFor(dropped);
    prepared.drop(dropped);
    expect(prepared.nameFor(dropped)).toBeUndefined();
  });
});

describe('statements written to be prepared', () => {
  it('the directory stats and the business page event totals start with select, so they are prepared', async () => {
    const handle = await freshDatabase();
    try {
      const texts = [
        businessStatsQuery(new Date()).compile(handle.db).sql,
        eventTotalsQuery(1, '2026-11-27').compile(handle.db).sql,
      ];
      for (const text of texts) expect(isPreparable(text), text).toBe(true);
      // And they still answer: a business with no events has zero totals.
      const totals = await eventTotalsQuery(1, '2026-11-27').execute(handle.db);
      expect(Number(totals.rows[0]?.total_events)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(usePostgres())('prepared statements on PostgreSQL', () => {
  it('a prepared SELECT * still answers after a migration adds a column', async () => {
    const handle = await freshDatabase();
    try {
      await sql`create table prepared_probe (a int)`.execute(handle.db);
      await sql`insert into prepared_probe values (1)`.execute(handle.db);
      // One query at a time: the pool hands out its most recently used connection each time.
      for (let i = 0; i < 5; i++) await sql`select * from prepared_probe`.execute(handle.db);
      await sql`alter table prepared_probe add column b int default 2`.execute(handle.db);
      const after = await sql<{ a: number; b: number }>`select * from prepared_probe`.execute(handle.db);
      expect(after.rows).toEqual([{ a: 1, b: 2 }]);
      // And inside a transaction (never prepared there), the same text runs too.
      const inside = await handle.db
        .transaction()
        .execute((trx) => sql<{ a: number }>`select * from prepared_probe`.execute(trx));
      expect(inside.rows).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
