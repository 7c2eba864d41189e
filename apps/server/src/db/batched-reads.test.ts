// Reads sent together: who waits, what the one statement carries, and that every read gets its own
// rows or its own error back. The send is a stand-in here; the directory's repository test reads
// its pages together on PostgreSQL.
import { describe, expect, it } from 'vitest';
import {
  batchable,
  batchedText,
  groupByValues,
  isBatchable,
  MAX_BATCH,
  parameterTypes,
  ReadBatches,
  type Rows,
  RUNNING_PER_STATEMENT,
  varyingParameters,
} from './batched-reads.ts';

const TEXT = 'select n from items where kind = $1 order by n limit $2';

/** A send whose statements answer only when the test says so. */
function heldSend() {
  const sent: {
    text: string;
    values: unknown[];
    answer(rows: Rows['rows']): void;
    fail(e: unknown): void;
  }[] = [];
  const send = (text: string, values: unknown[]) =>
    new Promise<Rows>((resolve, reject) => {
      sent.push({
        text,
        values,
        answer: (rows) => resolve({ rows, rowCount: rows.length, command: 'SELECT' }),
        fail: reject,
      });
    });
  return { sent, batches: new ReadBatches(send) };
}

/** Three reads of TEXT: the first sent alone and answered, then the other two sent together. */
async function twoSentTogether() {
  const { sent, batches } = heldSend();
  const reads = [0, 1, 2].map((n) => batches.query(TEXT, ['k', n]).catch((e: Error) => e.message));
  await tick();
  sent[0]!.answer([]);
  await tick();
  return { sent, reads };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Until what waited for an answered statement has been sent: it leaves one turn of the loop later. */
const tick = async () => {
  await turn();
  await turn();
};

describe('parameterTypes', () => {
  it('names the array type of each value, and gives up on a value no array here carries', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(parameterTypes([true, 'a', 7, 2 ** 40, at])).toEqual([
      'boolean',
      'text',
      'integer',
      'bigint',
      'timestamptz',
    ]);
    expect(parameterTypes([1.5])).toBeUndefined();
    expect(parameterTypes([null])).toBeUndefined();
    expect(parameterTypes([{ a: 1 }])).toBeUndefined();
    expect(parameterTypes([new Date(Number.NaN)])).toBeUndefined();
  });
});

describe('batchedText', () => {
  it('runs the text once per row of its differing parameters, the others staying single values', () => {
    expect(batchedText(TEXT, ['text', 'integer'], [false, true])).toBe(
      'select s.*, r.batch_row from unnest($2::integer[]) with ordinality as r(p2, batch_row) ' +
        'cross join lateral (select n from items where kind = $1::text order by n limit r.p2) as s',
    );
    expect(batchedText(TEXT, ['text', 'integer'], [true, true])).toBe(
      'select s.*, r.batch_row from unnest($1::text[], $2::integer[]) with ordinality as r(p1, p2, batch_row) ' +
        'cross join lateral (select n from items where kind = r.p1 order by n limit r.p2) as s',
    );
  });

  it('reads $10 as the tenth parameter, not the first followed by 0', () => {
    const text = `select ${Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(', ')}`;
    const varying = Array.from({ length: 10 }, (_, i) => i === 9);
    expect(batchedText(text, Array(10).fill('integer'), varying)).toContain(
      'lateral (select $1::integer, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::integer, $9::integer, r.p10)',
    );
  });
});

describe('varyingParameters', () => {
  it('says which parameters differ between the reads, dates by their instant', () => {
    const day = () => new Date('2026-01-01T00:00:00Z');
    expect(
      varyingParameters([
        ['k', 10, 0, day()],
        ['k', 10, 20, day()],
      ]),
    ).toEqual([false, false, true, false]);
    expect(varyingParameters([['a'], ['b']])).toEqual([true]);
  });

  it('makes the first parameter differ when the reads are all alike, so the batch has its rows', () => {
    expect(
      varyingParameters([
        ['k', 10],
        ['k', 10],
      ]),
    ).toEqual([true, false]);
  });
});

describe('groupByValues', () => {
  it('puts reads of the same values together, keeping 1, "1" and true apart and dates by their instant', () => {
    const day = () => new Date('2026-01-01T00:00:00Z');
    expect(
      groupByValues([
        ['k', 1],
        ['k', '1'],
        ['k', 1],
        ['k', true],
        ['k', 1],
      ]),
    ).toEqual({
      groupOf: [0, 1, 0, 2, 0],
      firsts: [0, 1, 3],
    });
    expect(groupByValues([[day()], [day()], [new Date('2026-01-02T00:00:00Z')]])).toEqual({
      groupOf: [0, 0, 1],
      firsts: [0, 2],
    });
  });
});

describe('ReadBatches', () => {
  it('sends a read alone and as written, and the ones that come while it runs together', async () => {
    expect(RUNNING_PER_STATEMENT).toBe(1);
    const { sent, batches } = heldSend();
    const reads = [0, 1, 2, 3].map((n) => batches.query(TEXT, ['k', n]));
    await tick();
    expect(sent.map((s) => [s.text, s.values])).toEqual([[TEXT, ['k', 0]]]);

    sent[0]!.answer([{ n: 'first' }]);
    await tick();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toBe(batchedText(TEXT, ['text', 'integer'], [false, true]));
    expect(sent[1]!.values).toEqual(['k', [1, 2, 3]]);
    // Rows come back in any grouping; each goes to the read of its batch_row.
    const c1 = { n: 'c1', batch_row: '1' };
    const e1 = { n: 'e1', batch_row: '3' };
    const c2 = { n: 'c2', batch_row: '1' };
    sent[1]!.answer([c1, e1, c2]);
    const answers = await Promise.all(reads);
    expect(answers.map((a) => a.rows)).toEqual([[{ n: 'first' }], [c1, c2], [], [e1]]);
    expect(answers[2]).toEqual({ rows: [], rowCount: 0, command: 'SELECT' });
    expect(batches.counts).toEqual({ batches: 1, reads: 3 });
  });

  it('sends a single waiting read alone, as written', async () => {
    const { sent, batches } = heldSend();
    const reads = [0, 1].map((n) => batches.query(TEXT, ['k', n]));
    await tick();
    sent[0]!.answer([{ n: 0 }]);
    await tick();
    expect(sent.map((s) => [s.text, s.values])).toEqual([
      [TEXT, ['k', 0]],
      [TEXT, ['k', 1]],
    ]);
    sent[1]!.answer([{ n: 1 }]);
    expect((await Promise.all(reads)).map((a) => a.rows[0]!.n)).toEqual([0, 1]);
    expect(batches.counts.batches).toBe(0);
  });

  it('never sends together reads whose values differ in type, nor reads of another text', async () => {
    const { sent, batches } = heldSend();
    batches.query(TEXT, ['k', 0]);
    batches.query(TEXT, ['k', 1]);
    batches.query(TEXT, [true, 3]);
    batches.query('select $1::int', [5]);
    await tick();
    // The other type and the other text run at once: nothing of theirs is running.
    expect(sent.map((s) => s.values)).toEqual([['k', 0], [true, 3], [5]]);
  });

  it('carries at most MAX_BATCH reads in one statement', async () => {
    const { sent, batches } = heldSend();
    const reads = Array.from({ length: 1 + MAX_BATCH + 3 }, (_, n) => batches.query(TEXT, ['k', n]));
    await tick();
    sent[0]!.answer([]);
    await tick();
    expect((sent[1]!.values[1] as unknown[]).length).toBe(MAX_BATCH);
    sent[1]!.answer([]);
    await tick();
    expect((sent[2]!.values[1] as unknown[]).length).toBe(3);
    sent[2]!.answer([]);
    await expect(Promise.all(reads)).resolves.toHaveLength(reads.length);
  });

  it('fails the reads of a batch whose rows it cannot hand back, rather than leave them waiting', async () => {
    const { sent, reads } = await twoSentTogether();
    sent[1]!.answer([{ n: 'lost', batch_row: '7' }]);
    expect((await Promise.all(reads)).slice(1)).toEqual([
      'A batched read answered a row for read 7',
      'A batched read answered a row for read 7',
    ]);
  });

  it('fails every read of a statement that the database could not run', async () => {
    const { sent, reads } = await twoSentTogether();
    sent[1]!.fail(Object.assign(new Error('connection lost'), { code: '57P01' }));
    expect(await Promise.all(reads)).toEqual([
      expect.objectContaining({ rows: [] }),
      'connection lost',
      'connection lost',
    ]);
    expect(sent).toHaveLength(2);
  });

  it('fails the reads waiting for a statement the database failed, without sending them', async () => {
    const { sent, batches } = heldSend();
    const reads = [0, 1, 2].map((n) => batches.query(TEXT, ['k', n]).catch((e: Error) => e.message));
    await tick();
    sent[0]!.fail(
      Object.assign(new Error('Database did not answer within 6000 ms'), { code: 'DB_DEADLINE' }),
    );
    expect(await Promise.all(reads)).toEqual(Array(3).fill('Database did not answer within 6000 ms'));
    expect(sent).toHaveLength(1);

    // And those waiting behind a batch the database failed.
    const more = [3, 4, 5].map((n) => batches.query(TEXT, ['k', n]).catch((e: Error) => e.message));
    await tick();
    sent[1]!.answer([]);
    await tick();
    const late = batches.query(TEXT, ['k', 6]).catch((e: Error) => e.message);
    sent[2]!.fail(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    expect([...(await Promise.all(more)).slice(1), await late]).toEqual(
      Array(3).fill('terminating connection'),
    );
    expect(sent).toHaveLength(3);
  });

  it('runs each read alone after an error of its values, so one bad read fails alone', async () => {
    const { sent, reads } = await twoSentTogether();
    sent[1]!.fail(Object.assign(new Error('division by zero'), { code: '22012' }));
    await tick();
    expect(sent.slice(2).map((s) => [s.text, s.values])).toEqual([
      [TEXT, ['k', 1]],
      [TEXT, ['k', 2]],
    ]);
    sent[2]!.fail(Object.assign(new Error('division by zero'), { code: '22012' }));
    sent[3]!.answer([{ n: 2 }]);
    expect((await Promise.all(reads)).slice(1)).toEqual([
      'division by zero',
      expect.objectContaining({ rows: [{ n: 2 }] }),
    ]);
  });

  it('stops batching a text whose batched form PostgreSQL refuses, and answers its reads alone', async () => {
    const text = 'select id from things where id = $1';
    batchable(text);
    expect(isBatchable(text)).toBe(true);
    const { sent, batches } = heldSend();
    const reads = ['a', 'b', 'c'].map((id) => batches.query(text, [id]));
    await tick();
    sent[0]!.answer([]);
    await tick();
    sent[1]!.fail(Object.assign(new Error('operator does not exist: uuid = text'), { code: '42883' }));
    await tick();
    expect(isBatchable(text)).toBe(false);
    for (const s of sent.slice(2)) s.answer([{ id: s.values[0] }]);
    expect((await Promise.all(reads)).map((a) => a.rows)).toEqual([[], [{ id: 'b' }], [{ id: 'c' }]]);
  });

  it('reads the same values once for every read that asked for them, each read getting the rows', async () => {
    const { sent, batches } = heldSend();
    const reads = [0, 1, 2, 1, 2, 1].map((n) => batches.query(TEXT, ['k', n]));
    await tick();
    sent[0]!.answer([]);
    await tick();
    expect(sent[1]!.values).toEqual(['k', [1, 2]]);
    const one = { n: 'one', batch_row: '1' };
    const two = { n: 'two', batch_row: '2' };
    sent[1]!.answer([two, one]);
    const answers = await Promise.all(reads);
    expect(answers.slice(1).map((a) => a.rows)).toEqual([[one], [two], [one], [two], [one]]);
    // Each read has its own list of the rows, so one read's changes to it reach no other.
    expect(answers[1]!.rows).not.toBe(answers[3]!.rows);
    expect(batches.counts).toEqual({ batches: 1, reads: 5 });
  });

  it('sends reads that all ask for the same values as the statement alone, as written', async () => {
    const { sent, batches } = heldSend();
    const reads = [0, 5, 5, 5].map((n) => batches.query(TEXT, ['k', n]));
    await tick();
    sent[0]!.answer([]);
    await tick();
    expect(sent.map((s) => [s.text, s.values])).toEqual([
      [TEXT, ['k', 0]],
      [TEXT, ['k', 5]],
    ]);
    sent[1]!.answer([{ n: 5 }]);
    expect((await Promise.all(reads)).slice(1).map((a) => a.rows)).toEqual(Array(3).fill([{ n: 5 }]));
  });

  it('lets the reads received in the same turn as an answer join the next batch', async () => {
    const { sent, batches } = heldSend();
    const reads = [0, 1].map((n) => batches.query(TEXT, ['k', n]));
    await tick();
    sent[0]!.answer([]);
    // After the answer has been handed back, before the loop turns: as a request read from the
    // next socket in the same turn would be.
    for (let i = 0; i < 20; i++) await null;
    reads.push(batches.query(TEXT, ['k', 2]));
    await tick();
    expect(sent.map((s) => s.values)).toEqual([
      ['k', 0],
      ['k', [1, 2]],
    ]);
    sent[1]!.answer([]);
    await expect(Promise.all(reads)).resolves.toHaveLength(3);
  });

  it('sends a text marked for the same values only with reads of the same values, as written', async () => {
    const text = 'select n from items where kind = $1 order by n limit 5 offset $2';
    batchable(text, { sameValuesOnly: true });
    const { sent, batches } = heldSend();
    const reads = [
      ['a', 0],
      ['a', 5],
      ['a', 0],
      ['b', 0],
      ['a', 0],
    ].map((values) => batches.query(text, values));
    await tick();
    // Other values do not wait: each page whose statement is idle goes at once.
    expect(sent.map((s) => [s.text, s.values])).toEqual([
      [text, ['a', 0]],
      [text, ['a', 5]],
      [text, ['b', 0]],
    ]);
    for (const s of sent) s.answer([{ n: `${s.values.join(':')}, first` }]);
    await tick();
    // The two asked for while ['a', 0] ran go once, after it, as written.
    expect(sent.slice(3).map((s) => [s.text, s.values])).toEqual([[text, ['a', 0]]]);
    sent[3]!.answer([{ n: 'a:0, again' }]);
    expect((await Promise.all(reads)).map((a) => a.rows[0]!.n)).toEqual([
      'a:0, first',
      'a:5, first',
      'a:0, again',
      'b:0, first',
      'a:0, again',
    ]);
    expect(batches.counts).toEqual({ batches: 1, reads: 2 });
  });
});
