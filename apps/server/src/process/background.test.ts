// The periodic work starts without holding up the server: a first run that takes long (the
// history's retention archiving months) goes on after startBackgroundWork has answered.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../test/test-db.ts';
import type { AppConfig } from '../config.ts';
import { startBackgroundWork } from './background.ts';

let finishHistory = () => {};
const historyStarted = vi.fn();
vi.mock('../db/history-retention.ts', () => ({
  maintainHistory: () => {
    historyStarted();
    return new Promise((resolve) => {
      finishHistory = () => resolve({ dropped: [], postponed: [] });
    });
  },
}));

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as never;

describe('startBackgroundWork', async () => {
  const handle = await freshDatabase();
  afterAll(() => handle.close());

  it('answers at once, and its first run goes on behind it', async () => {
    const work = startBackgroundWork(handle, {} as AppConfig, log);
    let settled = false;
    void work.firstRun.then(() => {
      settled = true;
    });
    await expect.poll(() => historyStarted.mock.calls.length).toBe(1);
    expect(settled).toBe(false);
    finishHistory();
    await work.firstRun;
    expect(settled).toBe(true);
    work.stop();
  });
});
