// Periodic work that runs once across processes: a run that has ended leaves the next one free to
// start at once.
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from '../../test/test-db.ts';
import type { DatabaseHandle } from './connection.ts';
import { exclusively, exclusivelyOnOwnConnection } from './exclusive-run.ts';

const LOCK_KEY = 7_700_123;
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

describe('exclusive runs', () => {
  it('skips a run while another holds the lock, and runs the next one once it has ended', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = exclusivelyOnOwnConnection(handle, LOCK_KEY, 0, async () => {
      started();
      await held;
      return 'first';
    });
    await running;
    expect(await exclusivelyOnOwnConnection(handle, LOCK_KEY, 0, async () => 'second')).toBeUndefined();
    expect(await exclusively(handle, LOCK_KEY, async () => 'third')).toBeUndefined();
    release();
    expect(await first).toBe('first');
    expect(await exclusively(handle, LOCK_KEY, async () => 'fourth')).toBe('fourth');
  });

  it.runIf(usePostgres())(
    'frees the lock of a run on its own connection as soon as the run ends',
    async () => {
      const handle = await freshDatabase();
      handles.push(handle);
      // Back to back, from this process's pool and from another connection of its own: none skipped.
      const runs: (string | undefined)[] = [];
      for (let i = 0; i < 40; i += 1) {
        runs.push(await exclusivelyOnOwnConnection(handle, LOCK_KEY, 0, async () => 'own'));
        runs.push(await exclusively(handle, LOCK_KEY, async () => 'pool'));
      }
      expect(runs.filter((run) => run === undefined)).toHaveLength(0);
    },
  );
});
