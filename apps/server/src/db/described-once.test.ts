// Named statements described once per connection: the rows are node-postgres's own, the columns
// are asked for on the first run only, and a statement whose columns change fails instead of
// reading its rows with the old ones.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl, usePostgres } from '../../test/test-db.ts';
import { rowBuilder } from './described-once.ts';
import { namedQuery } from './postgres-pool.ts';

describe('rowBuilder', () => {
  const parsers: Record<number, (value: string) => unknown> = {
    23: (value) => Number.parseInt(value, 10),
    25: (value) => value,
  };
  const parserOf = (column: { dataTypeID: number }) => parsers[column.dataTypeID]!;

  it('builds the row node-postgres builds, nulls and repeated names included', () => {
    const columns = [
      { name: 'n', dataTypeID: 23, format: 'text' },
      { name: 'label', dataTypeID: 25, format: 'text' },
      { name: 'n', dataTypeID: 25, format: 'text' },
      { name: 'empty', dataTypeID: 23, format: 'text' },
    ];
    const result = new (
      pg.Result as unknown as new () => {
        addFields(fields: unknown[]): void;
        parseRow(fields: unknown[]): Record<string, unknown>;
        _types: unknown;
      }
    )();
    result._types = { getTypeParser: (oid: number) => parsers[oid] };
    result.addFields(columns);
    const fields = ['7', 'café "x"', 'last', null];
    const built = rowBuilder(columns, parserOf)!(fields);
    expect(built).toEqual({ n: 'last', label: 'café "x"', empty: null });
    expect(built).toEqual(result.parseRow(fields));
    expect(Object.keys(built)).toEqual(Object.keys(result.parseRow(fields)));
  });

  it('leaves binary columns and names that are not plain identifiers to node-postgres', () => {
    const column = (name: string, format = 'text') => [{ name, dataTypeID: 25, format }];
    expect(rowBuilder(column('a', 'binary'), parserOf)).toBeUndefined();
    expect(rowBuilder(column('__proto__'), parserOf)).toBeUndefined();
    expect(rowBuilder(column('a b'), parserOf)).toBeUndefined();
    expect(rowBuilder(column('x: 1 }); process.exit(); ({ y'), parserOf)).toBeUndefined();
    expect(rowBuilder(column('count'), parserOf)).toBeDefined();
  });
});

describe.runIf(usePostgres())('named statements described once, on PostgreSQL', () => {
  const clients: pg.Client[] = [];
  const table = `described_once_${process.pid}`;

  /** A client that counts the RowDescriptions it receives. */
  async function connect(pipeline: boolean) {
    const client = new pg.Client({ connectionString: pgUrl(), pipeline } as pg.ClientConfig);
    await client.connect();
    clients.push(client);
    const described = { count: 0 };
    (client as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => {
      described.count++;
    });
    return { client, described };
  }

  beforeAll(async () => {
    const { client } = await connect(false);
    await client.query(`drop table if exists ${table}`);
    await client.query(
      `create table ${table} (id int, name text, at timestamptz, tags text[], flag boolean)`,
    );
    await client.query(
      `insert into ${table} values (1, 'Café "Rincón"', '2026-12-01 10:00:00.123+00', '{a,b}', true),
        (2, null, null, null, null), (3, 'tres', '1999-01-01 00:00:00+00', '{}', false)`,
    );
  });
  afterAll(async () => {
    await clients[0]?.query(`drop table if exists ${table}`);
    await Promise.all(clients.map((client) => client.end()));
  });

  for (const pipeline of [false, true]) {
    it(`asks for the columns on the first run only, and gives node-postgres's rows (pipeline ${pipeline})`, async () => {
      const { client, described } = await connect(pipeline);
      const text = `select id, name, at, tags, flag, id * 2 as twice from ${table} where id >= $1 order by id`;
      const unnamed = [];
      for (const from of [1, 2, 3]) unnamed.push((await client.query(text, [from])).rows);
      described.count = 0;
      const run = (from: number) => namedQuery(client, `described_${pipeline}`, text, [from]);
      const runs = [];
      // Pipelined, all at once (as the pipelined reads send them); otherwise one after another.
      if (pipeline) runs.push(...(await Promise.all([1, 2, 3, 1, 2, 3].map(run))));
      else for (const from of [1, 2, 3, 1, 2, 3]) runs.push(await run(from));
      expect(runs.map((result) => result.rows)).toEqual([...unnamed, ...unnamed]);
      expect(runs[0]!.rows[0]!.at).toBeInstanceOf(Date);
      expect(runs.map((result) => result.rowCount)).toEqual([3, 2, 1, 3, 2, 1]);
      // Pipelined, the runs written before the first answer came back ask too.
      if (!pipeline) expect(described.count).toBe(1);
      const before = described.count;
      const again = await namedQuery(client, `described_${pipeline}`, text, [2]);
      expect(again.rows).toEqual(unnamed[1]);
      expect(described.count).toBe(before);
    });
  }

  it('fails a statement whose columns changed instead of reading its rows with the old ones', async () => {
    const { client } = await connect(true);
    const text = `select * from ${table} where id = $1`;
    const first = await namedQuery(client, 'described_star', text, [1]);
    expect(Object.keys(first.rows[0]!)).toEqual(['id', 'name', 'at', 'tags', 'flag']);
    await clients[0]!.query(`alter table ${table} add column extra int default 5`);
    try {
      await expect(namedQuery(client, 'described_star', text, [1])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 5 });
    } finally {
      await clients[0]!.query(`alter table ${table} drop column extra`);
    }
  });

  it('fails a run whose row cannot be parsed, and the connection reads on', async () => {
    const { client } = await connect(true);
    const text = `select id from ${table} where id <= $1 order by id`;
    const refusing: pg.CustomTypesConfig = {
      getTypeParser: (() => (value: string) => {
        if (value === '2') throw new Error('no two');
        return Number(value);
      }) as pg.CustomTypesConfig['getTypeParser'],
    };
    expect((await namedQuery(client, 'described_refusing', text, [1], refusing)).rows).toEqual([{ id: 1 }]);
    await expect(namedQuery(client, 'described_refusing', text, [3], refusing)).rejects.toThrow('no two');
    expect((await namedQuery(client, 'described_refusing', text, [1], refusing)).rows).toEqual([{ id: 1 }]);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
