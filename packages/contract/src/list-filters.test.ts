import { describe, expect, it } from 'vitest';
import { dateQuery, toDateRange } from './list-filters.ts';

describe('dateQuery', () => {
  it('takes a calendar day or an ISO timestamp from year 1000 to the end of 9999', () => {
    for (const value of [
      '1000-01-01',
      '2026-02-16',
      '2024-02-29',
      '2026-02-16T04:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ])
      expect(dateQuery.safeParse(value).success, value).toBe(true);
  });

  it('refuses later and earlier years, six-digit years and loose text', () => {
    for (const value of [
      '+275760-09-13T00:00:00.000Z',
      '+010000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      '0999-12-31',
      '2026-02-16T25:00',
      'x T 2026',
      '16/02/2026',
      '2026-02-31',
      '2025-02-29',
      '2026-04-31T08:00:00Z',
      '2026-13-01',
    ])
      expect(dateQuery.safeParse(value).success, value).toBe(false);
  });
});

describe('toDateRange', () => {
  it('ends a calendar day at the next midnight, and never past year 9999', () => {
    expect(toDateRange('2026-02-16', '2026-02-16')).toEqual({
      from: new Date('2026-02-16T00:00:00Z'),
      toExclusive: new Date('2026-02-17T00:00:00Z'),
    });
    expect(toDateRange(undefined, '9999-12-31').toExclusive).toEqual(new Date('9999-12-31T23:59:59.999Z'));
  });
});
