// The directory list is the portal's busiest statement: the pool must be able to prepare it
// (a leading newline once kept it unnamed, and planned on every request), and read many pages
// of it together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from '../../../test/test-db.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { isPlannedOnce } from '../../db/planned-once.ts';
import { isPreparable } from '../../db/postgres-pool.ts';
import type { DirectoryFilters } from './business-data.repository.ts';
import { type DirectoryPage, listPage, listStatement } from './directory.repository.ts';

describe('listStatement', () => {
  it.each([
    {},
    { category: 'Panaderías' },
    { year: 2001, verifiedEmail: true, verifiedPhone: false },
    { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
  ])('is a statement the pool prepares, with one value per placeholder (%o)', (filters) => {
    const { query } = listStatement(filters, 10, 20);
    expect(isPreparable(query.sql)).toBe(true);
    const placeholders = new Set(query.sql.match(/\$\d+/g));
    expect(placeholders.size).toBe(query.parameters.length);
    expect(query.parameters.slice(-2)).toEqual([10, 20]);
  });

  it.each([
    [{}, true],
    [{ sortBy: 'verification', sortOrder: 'asc' }, true],
    [{ sortBy: 'registration_date', sortOrder: 'asc' }, true],
    [{ category: 'Panaderías' }, false],
    [{ verifiedPhone: false, sortBy: 'verification', sortOrder: 'desc' }, false],
    [{ dateFrom: '2026-01-01' }, false],
  ] as [DirectoryFilters, boolean][])('is planned once only without filters (%o)', (filters, once) => {
    expect(isPlannedOnce(listStatement(filters, 10, 20).query.sql)).toBe(once);
  });
});

// On PostgreSQL the directory's pages go through the pipelined reads, where pages asked for while
// the same statement runs are read together (db/batched-reads.ts). Together or alone, each
// request must get the same page and total, and see every write committed before it was made.
describe.runIf(usePostgres())('pages read together on PostgreSQL', () => {
  let handle: DatabaseHandle;
  const CATEGORIES = ['Panaderías', 'Ferreterías', 'Colmados'];
  const SHAPES: DirectoryFilters[] = [
    {},
    { category: 'Panaderías' },
    { category: 'Sin negocios' },
    { year: 2001, verifiedEmail: true },
    { verifiedPhone: false },
    { dateFrom: '2020-01-01', dateTo: '2020-06-30' },
    { sortBy: 'name', sortOrder: 'asc' },
    { sortBy: 'verification', sortOrder: 'desc', category: 'Colmados' },
  ];
  const requests = SHAPES.flatMap((filters) => [0, 5, 10, 40].map((offset) => ({ filters, offset })));
  const read = (request: (typeof requests)[number]) =>
    listPage(handle.readDb, request.filters, 5, request.offset);
  const batched = () => handle.pipelineStats!().batchedReads;

  beforeAll(async () => {
    handle = await freshDatabase();
    await handle.db
      .insertInto('businesses')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          business_name: `Negocio ${String.fromCharCode(90 - (i % 26))}${i}`,
          business_owner: 'Ana Ruiz',
          business_email: `negocio${i}@correo.test`,
          business_phone: `93955500${String(i).padStart(2, '0')}`,
          business_category: CATEGORIES[i % 3]!,
          business_year: 2000 + (i % 3),
          verified_email: i % 2 === 0,
          verified_phone: i % 5 === 0,
          registration_date: new Date(Date.UTC(2020, i % 12, 1 + i)),
        })),
      )
      .execute();
  });
  afterAll(() => handle?.close());

  it('answers each of 32 pages asked for at once, each of them twice, as it answers it alone', async () => {
    const alone = [];
    for (const request of requests) alone.push(await read(request));
    const before = batched();
    // Asked for twice: a batch reads a page once for the reads that ask for the same one.
    const together = await Promise.all([...requests, ...requests].map(read));
    expect(batched() - before).toBeGreaterThan(0);
    const ids = (pages: DirectoryPage[]) =>
      pages.map((page) => ({
        ids: page.records.map((row) => row.id),
        total: page.total,
        capped: page.capped,
      }));
    expect(ids(together)).toEqual(ids([...alone, ...alone]));
    // The pages are not all alike: the shapes and offsets above give different answers.
    expect(new Set(ids(alone).map((page) => JSON.stringify(page))).size).toBeGreaterThan(20);
  });

  it('shows a business saved before the pages were asked for, in every page read together', async () => {
    const first = read(requests[0]!);
    const saved = await handle.db
      .insertInto('businesses')
      .values({
        business_name: 'Recién Guardado',
        business_owner: 'Ana Ruiz',
        business_email: 'recien@correo.test',
        business_phone: '9395559999',
        business_category: 'Panaderías',
        registration_date: new Date(Date.UTC(2030, 0, 1)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first;
    const before = batched();
    const pages = await Promise.all(Array.from({ length: 6 }, () => read(requests[0]!)));
    expect(batched() - before).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page.records[0]!.id).toBe(saved.id);
      expect(page.total).toBe(31);
    }
  });
});
