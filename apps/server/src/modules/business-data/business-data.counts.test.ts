import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { COUNT_TTL_MS, cachedCount, forgetCounts } from './business-data.counts.ts';

describe('directory count cache', () => {
  const db = {} as Kysely<Database>;

  it('shares one count per filter set until it expires or is forgotten', async () => {
    let calls = 0;
    const count = async () => {
      calls += 1;
      return 40 + calls;
    };
    const t0 = 1_000_000;
    const [a, b] = await Promise.all([cachedCount(db, 'k', count, t0), cachedCount(db, 'k', count, t0 + 1)]);
    expect([a, b, calls]).toEqual([41, 41, 1]);
    expect(await cachedCount(db, 'other', count, t0)).toBe(42);
    expect(await cachedCount(db, 'k', count, t0 + COUNT_TTL_MS + 1)).toBe(43);
    forgetCounts(db);
    expect(await cachedCount(db, 'k', count, t0 + COUNT_TTL_MS + 2)).toBe(44);
  });

  it('does not keep a failed count', async () => {
    await expect(cachedCount(db, 'fails', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cachedCount(db, 'fails', async () => 7)).toBe(7);
  });
});
