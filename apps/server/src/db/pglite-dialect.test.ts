// PGlite is one connection: the dialect must hand it to one caller at a time, or a request's
// query would run inside another request's open transaction (and commit or roll back with it).
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPGlite } from './connection.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPGlite();
  }, 60_000);
  beforeEach(async () => {
    await handle.exec(
      'drop table if exists steps; create table steps (seq serial primary key, who text not null)',
    );
  });
  afterAll(async () => {
    await handle.close();
  });

  const step = (db: DatabaseHandle['db'], who: string) =>
    sql`insert into steps (who) values (${who})`.execute(db);
  const order = async () =>
    (await sql<{ who: string }>`select who from steps order by seq`.execute(handle.db)).rows.map(
      (r) => r.who,
    );

  it('runs two concurrent transactions one after the other, never interleaved', async () => {
    const work = (who: string) =>
      handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 4; i++) {
          await step(trx, who);
          await pause(); // the other transaction would get its turn here if it could
        }
      });
    await Promise.all([work('a'), work('b')]);
    const seen = (await order()).join('');
    expect(['aaaabbbb', 'bbbbaaaa']).toContain(seen);
  });

  it("keeps a query outside a transaction out of it: another's rollback does not undo it", async () => {
    const failing = handle.db
      .transaction()
      .execute(async (trx) => {
        await step(trx, 'rolled back');
        await pause();
        await pause();
        throw new Error('undo');
      })
      .catch((error: Error) => error.message);
    await pause();
    await step(handle.db, 'outside');
    expect(await failing).toBe('undo');
    expect(await order()).toEqual(['outside']);
  });
});
