import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';
import { mayHoldNul, nulPath, withoutNul } from './text-input.ts';

const NUL = '\u0000';

describe('mayHoldNul', () => {
  it('clears flat input without a NUL: strings, numbers, booleans, null, and objects or arrays of them', () => {
    for (const value of [
      '',
      'abc',
      7,
      true,
      null,
      undefined,
      { limit: '10', offset: '0' },
      ['a', 'b'],
      {},
      [],
    ]) {
      expect(mayHoldNul(value)).toBe(false);
    }
  });

  it('finds a NUL in a string, a value or a key', () => {
    expect(mayHoldNul(`a${NUL}b`)).toBe(true);
    expect(mayHoldNul({ search: `a${NUL}` })).toBe(true);
    expect(mayHoldNul({ [`k${NUL}`]: 'v' })).toBe(true);
    expect(mayHoldNul(['a', NUL])).toBe(true);
  });

  it('leaves nested input to the full walk', () => {
    expect(mayHoldNul({ a: { b: 'c' } })).toBe(true);
    expect(mayHoldNul([['x']])).toBe(true);
  });

  it('never clears input that nulPath refuses', () => {
    const cases: unknown[] = [
      `x${NUL}`,
      { a: `x${NUL}` },
      { [`x${NUL}`]: 1 },
      { a: [{ b: `x${NUL}` }] },
      [1, [2, [`x${NUL}`]]],
    ];
    for (const value of cases) {
      expect(nulPath(value)).not.toBeNull();
      expect(mayHoldNul(value)).toBe(true);
    }
  });
});

describe('withoutNul', () => {
  it('refuses a NUL with the path of the field that holds it', () => {
    const result = withoutNul(z.object({ search: z.string() })).safeParse({ search: `a${NUL}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: MSG.invalidRequestData, path: ['search'] });
  });
});
