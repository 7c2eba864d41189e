// The import worker of one server process: looks for a waiting import every `pollMs` (at once
// when this process queued one), runs it batch by batch, and gives it back on shutdown. Beside
// it, the owners' access mails (an import's, or a registration's not sent at once) are sent as
// they become due, from any process. Once a day it deletes imports past their retention (one
// process at a time).
import { randomUUID } from 'node:crypto';
import { IMPORT_LIMITS } from '@portal/contract/business-import';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { deliverNextOwnerAccess } from '../../mail/owner-access-mails.ts';
import { purgeImports } from './business-import.repository.ts';
import { type JobDeps, runNextJob } from './import-job.ts';

const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ImportWorker {
  /** Looks for work now (a commit, or a retry of the owners' mails, in this process). */
  poke(): void;
  /**
   * Stops after the current batch and gives the job back. A mail being sent is not waited for (a
   * mail server may take 40 s to answer): its try holds it for its lease, then it is sent again.
   */
  stop(): Promise<void>;
}

type Log = { error(o: object, m: string): void; warn?(o: object, m: string): void; info(m: string): void };

/** While the database is unavailable, the loops say so at most this often (not at every poll). */
const UNAVAILABLE_LOG_EVERY_MS = 60_000;

/** A loop that runs `work` now when poked, else every `pollMs`; stop() waits for the current run. */
function pollingLoop(work: () => Promise<void>, pollMs: number, log: Log, what: string) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let unavailableSaidAt = -Infinity;
  const tick = () => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = (async () => {
      try {
        await work();
        unavailableSaidAt = -Infinity;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) {
          log.error({ err: error }, `import worker: ${what} failed`);
        } else if (!stopped && Date.now() - unavailableSaidAt >= UNAVAILABLE_LOG_EVERY_MS) {
          // An outage (a shutdown's own cut of the connections says nothing): once, then once a minute.
          unavailableSaidAt = Date.now();
          const { code, message } = error as { code?: string; message?: string };
          (log.warn ?? log.error).call(
            log,
            { code, cause: message },
            `import worker: ${what} postponed, the database is unavailable`,
          );
        }
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
    stopped: () => stopped,
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

export function startImportWorker(
  deps: Omit<JobDeps, 'stopping' | 'onMailsQueued'> & { mailer: Mailer; log: Log },
  pollMs: number,
): ImportWorker {
  const workerId = randomUUID();
  let lastPurge = 0;

  const mails = pollingLoop(
    async () => {
      while (!mails.stopped() && (await deliverNextOwnerAccess(deps))) {
        // the next due mail, if any
      }
    },
    pollMs,
    deps.log,
    'sending the owners’ access mails',
  );
  const jobDeps: JobDeps = { ...deps, stopping: () => jobs.stopped(), onMailsQueued: mails.poke };
  const jobs = pollingLoop(
    async () => {
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        const deleted = await purgeImports(deps.db, IMPORT_LIMITS.retentionDays);
        if (deleted > 0) deps.log.info(`imports: deleted ${deleted} import(s) past retention`);
      }
      while (!jobs.stopped() && (await runNextJob(jobDeps, workerId))) {
        // the next waiting job, if any
      }
    },
    pollMs,
    deps.log,
    'looking for work',
  );

  return {
    poke: () => {
      jobs.poke();
      mails.poke();
    },
    stop: async () => {
      void mails.stop();
      await jobs.stop();
    },
  };
}
