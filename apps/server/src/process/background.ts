// The server's periodic work: the outbox purge (hourly), the history's months and retention and the
// trash's purge (daily), each at start and then on a timer; the sorted searches' copy is laid out
// again at night when its order has drifted (sort-keys-layout.ts). In a cluster only one server
// process runs the timers (the primary gives that role to one worker); across machines each job
// runs under a PostgreSQL advisory lock taken without waiting, so two processes never do it at the
// same time (the history's lock is in history-retention.ts).

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { maintainHistory } from '../db/history-retention.ts';
import { purgeOutbox } from '../mail/mailer.ts';
import { isRebuildHour, maintainSortKeysLayout } from '../modules/business-data/sort-keys-layout.ts';
import {
  DEFAULT_TRASH_RETENTION_DAYS,
  purgeExpiredTrash,
} from '../modules/business-trash/business-trash.service.ts';

const OUTBOX_PURGE_EVERY_MS = 60 * 60 * 1000;
const HISTORY_MAINTENANCE_EVERY_MS = 24 * 60 * 60 * 1000;
const TRASH_PURGE_EVERY_MS = 24 * 60 * 60 * 1000;
const SORT_KEYS_CHECK_EVERY_MS = 60 * 60 * 1000;
// Any constant, distinct from migrate.ts's and history-retention.ts's.
const OUTBOX_PURGE_LOCK_KEY = 724_110_034;

/** Deletes the outbox's mail past retention, unless another process is at it (0 then). */
export async function purgeOutboxOnce(handle: DatabaseHandle, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  return handle.db.transaction().execute(async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_xact_lock(${OUTBOX_PURGE_LOCK_KEY}) as ok`.execute(trx);
    return lock.rows[0]?.ok ? purgeOutbox(trx, retentionDays) : 0;
  });
}

/**
 * Runs each job now, one after the other, then on its timer. Nothing waits for that first run (a
 * retention archiving months of history must not keep the server from listening); `firstRun`
 * says when it is over, and `stop` stops the timers.
 */
export function startBackgroundWork(
  handle: DatabaseHandle,
  config: AppConfig,
  log: FastifyBaseLogger,
): { stop: () => void; firstRun: Promise<void> } {
  // Mail without SMTP stays in outbox_emails; old rows (temporary passwords, codes) are deleted.
  const purge = () =>
    purgeOutboxOnce(handle, config.outboxRetentionDays ?? 7).then(
      (deleted) => deleted > 0 && log.info(`outbox: deleted ${deleted} mail(s) past retention`),
      (error: unknown) => log.warn({ err: error }, 'outbox purge failed'),
    );
  const purgeTimer = setInterval(() => void purge(), OUTBOX_PURGE_EVERY_MS);
  purgeTimer.unref();

  // History months: partitions ahead of time, and the retention when set (archive,
  // then drop whole months). One process at a time does it (an advisory lock).
  const retention = {
    changeLogMonths: config.changeLogRetentionMonths,
    staffAuditMonths: config.staffAuditRetentionMonths,
    archiveDir: config.archiveDir,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  };
  const maintainHistoryNow = () =>
    maintainHistory(handle, retention).then(
      (result) => {
        for (const month of result.dropped) {
          log.info(
            `history: ${month.table} ${month.month} (${month.rows} rows) archived to ${month.archive} and dropped`,
          );
        }
        if (result.postponed.length > 0) {
          log.info(`history: ${result.postponed.join(', ')} left for the next run: the table was in use`);
        }
      },
      (error: unknown) => log.error({ err: error }, 'history maintenance failed'),
    );
  const historyTimer = setInterval(() => void maintainHistoryNow(), HISTORY_MAINTENANCE_EVERY_MS);
  historyTimer.unref();

  // The master's trash: businesses deleted more than TRASH_RETENTION_DAYS ago go for good, one
  // process at a time (an advisory lock), audited.
  const purgeTrashNow = () =>
    purgeExpiredTrash(handle, config.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS).then(
      (result) =>
        result.purged.length > 0 &&
        log.info(`trash: purged ${result.purged.length} business(es) past retention`),
      (error: unknown) => log.error({ err: error }, 'trash purge failed'),
    );
  const trashTimer = setInterval(() => void purgeTrashNow(), TRASH_PURGE_EVERY_MS);
  trashTimer.unref();

  const layOutSortKeys = () =>
    isRebuildHour(new Date()) &&
    maintainSortKeysLayout(handle).then(
      (result) =>
        result.rebuilt &&
        log.info(
          `sort keys: laid out in name order again in ${result.seconds?.toFixed(1)} s (order correlation was ${result.correlation?.toFixed(3)})`,
        ),
      (error: unknown) => log.warn({ err: error }, 'sort keys: layout postponed to the next night'),
    );
  const sortKeysTimer = setInterval(() => void layOutSortKeys(), SORT_KEYS_CHECK_EVERY_MS);
  sortKeysTimer.unref();

  const firstRun = (async () => {
    await purge();
    await maintainHistoryNow();
    await purgeTrashNow();
  })();
  const stop = () => {
    clearInterval(purgeTimer);
    clearInterval(historyTimer);
    clearInterval(trashTimer);
    clearInterval(sortKeysTimer);
  };
  return { stop, firstRun };
}
