// The directory list is the portal's busiest statement: the pool must be able to prepare it
// (a leading newline once kept it unnamed, and planned on every request).
import { describe, expect, it } from 'vitest';
import { isPreparable } from '../../db/postgres-pool.ts';
import { listStatement } from './directory.repository.ts';

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
});
