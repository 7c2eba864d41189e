// The import worker of one server process (issue #32): looks for a waiting import every
// `pollMs` (at once when this process queued one), runs it batch by batch, and gives it back on
// shutdown. Once a day it deletes imports past their retention (one process at a time).
import { randomUUID } from 'node:crypto';
import { IMPORT_LIMITS } from '@portal/contract/business-import';
import { purgeImports } from './business-import.repository.ts';
import { type JobDeps, runNextJob } from './import-job.ts';

const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ImportWorker {
  /** Looks for work now (a commit of this process). */
  poke(): void;
  /** Stops after the current batch and gives the job back. */
  stop(): Promise<void>;
}

export function startImportWorker(
  deps: Omit<JobDeps, 'stopping'> & { log: { error(o: object, m: string): void; info(m: string): void } },
  pollMs: number,
): ImportWorker {
  const workerId = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let lastPurge = 0;
  const jobDeps: JobDeps = { ...deps, stopping: () => stopped };

  const purge = async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    const deleted = await purgeImports(deps.db, IMPORT_LIMITS.retentionDays);
    if (deleted > 0) deps.log.info(`imports: deleted ${deleted} import(s) past retention`);
  };

  const tick = () => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = (async () => {
      try {
        await purge();
        while (!stopped && (await runNextJob(jobDeps, workerId))) {
          // the next waiting job, if any
        }
      } catch (error) {
        deps.log.error({ err: error }, 'import worker: looking for work failed');
      } finally {
        running = null;
        if (!stopped) {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      }
    })();
  };
  timer = setTimeout(tick, Math.min(pollMs, 1000));
  timer.unref();

  return {
    poke: () => {
      if (!running) setImmediate(tick);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
