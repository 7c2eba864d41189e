import { describe, expect, it } from 'vitest';
import { paypalGuard, TooManyVerifications } from './paypal-guard.ts';

const limits = { maxFailures: 3, windowMs: 60_000, maxInFlight: 2, maxWaiting: 1, maxAddresses: 100 };

describe('paypalGuard', () => {
  it('refuses an address refused too often this minute, and lets it in again the next', () => {
    let now = 0;
    const guard = paypalGuard(limits, () => now);
    for (let n = 0; n < 3; n += 1) {
      expect(guard.blocked('10.0.0.1')).toBe(false);
      guard.refused('10.0.0.1');
    }
    expect(guard.blocked('10.0.0.1')).toBe(true);
    expect(guard.blocked('10.0.0.2')).toBe(false);
    now = 60_000;
    expect(guard.blocked('10.0.0.1')).toBe(false);
  });

  it('runs at most maxInFlight verifications at once, lets maxWaiting wait, and refuses the rest', async () => {
    const guard = paypalGuard(limits);
    const releases: (() => void)[] = [];
    let started = 0;
    const slow = () => {
      started += 1;
      return new Promise<boolean>((resolve) => releases.push(() => resolve(true)));
    };
    const running = [guard.verify(slow), guard.verify(slow)];
    const third = guard.verify(slow);
    await expect(guard.verify(slow)).rejects.toBeInstanceOf(TooManyVerifications);
    expect(started).toBe(2);
    releases.shift()?.();
    await running[0];
    await expect.poll(() => started).toBe(3);
    for (const release of releases) release();
    expect(await Promise.all([running[1], third])).toEqual([true, true]);
    expect(await guard.verify(async () => 'again')).toBe('again');
  });
});
