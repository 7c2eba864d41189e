import { describe, expect, it } from 'vitest';
import { concurrencyLimit, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and checks a password against its hash', async () => {
    const stored = await hashPassword('Clave-Segura-1');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, 'Clave-Segura-1')).toBe(true);
    expect(await verifyPassword(stored, 'Clave-Segura-2')).toBe(false);
  });

  it('runs at most `max` at once, in the order they came, and a failure frees its place', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) =>
      limited(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (n === 3) throw new Error('fallo');
        return n;
      });
    const answers = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => work(n)));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'x'))).toEqual([
      0,
      1,
      2,
      'x',
      4,
      5,
      6,
      7,
    ]);
  });
});
