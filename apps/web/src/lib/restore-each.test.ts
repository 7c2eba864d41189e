import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { restoreBusiness } from '../api/business-trash-api.ts';
import { restoreEach } from './restore-each.ts';

vi.mock('../api/business-trash-api.ts', () => ({ restoreBusiness: vi.fn() }));
const restore = vi.mocked(restoreBusiness);

const registries = Array.from({ length: 10 }, (_, i) => `REG${String(i + 1).padStart(6, '0')}`);

describe('restoreEach', () => {
  it('restores each business once, a few at a time, and answers a line per business in order', async () => {
    let running = 0;
    let most = 0;
    restore.mockImplementation(async (registry) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (registry === 'REG000003') throw new ApiError('Business not found in the trash', 404);
      return {} as Awaited<ReturnType<typeof restoreBusiness>>;
    });
    const progress: number[] = [];
    const outcome = await restoreEach(registries, (done) => progress.push(done));

    expect(restore.mock.calls.map(([registry]) => registry).sort()).toEqual(registries);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    expect(outcome.lines.map((line) => line.registry)).toEqual(registries);
    expect(outcome.restored).toBe(9);
    expect(outcome.lines[2]).toMatchObject({ registry: 'REG000003', restored: false });
    expect(outcome.lines[2]?.error).toBeInstanceOf(ApiError);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
