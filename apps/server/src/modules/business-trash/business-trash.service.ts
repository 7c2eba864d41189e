// The master's trash: the list, a restore (the business back whole, with its ids,
// history, content, locations, access and subscription), a purge for good, and the daily purge of
// what has waited TRASH_RETENTION_DAYS. Restores and purges are in the staff audit; the change log
// gets an INSERT row marked 'restored' (migration 060) naming who brought the business back. A
// restore also settles the payments of the time in the trash: a subscription another business got
// meanwhile, and the payment events kept unmatched (docs/business-trash.md).
import { RESTORE_CONFLICTS, TRASH_MSG, type TrashListQuery } from '@portal/contract/business-trash';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { exclusively } from '../../db/exclusive-run.ts';
import type { Database } from '../../db/types.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { WebhookCounters } from '../../http/metrics.ts';
import { wakeOwnerAccess } from '../../mail/owner-access-mails.ts';
import { findBusiness } from '../business-data/business-data.service.ts';
import { recordStaffAction, recordSystemAction } from '../staff-audit/record.ts';
import { applyHeldEvents, logSubscriptionMoved, PROVIDER_ACTOR } from '../webhooks/webhooks.service.ts';
import * as repo from './business-trash.repository.ts';

export const DEFAULT_TRASH_RETENTION_DAYS = 30;
// Any constant, distinct from the migrations' and the history maintenance's.
const TRASH_PURGE_LOCK_KEY = 724_110_060;
const DAY_MS = 86_400_000;
const UNIQUE_VIOLATION = '23505';

export async function listTrash(db: Kysely<Database>, query: TrashListQuery) {
  const page = await repo.listTrash(db, query.search, query.limit, query.offset);
  return {
    businesses: page.rows.map((row) => ({
      business_registry_number: row.business_registry_number,
      business_name: row.business_name,
      business_email: row.business_email,
      deleted_at: row.deleted_at,
      deleted_by: row.deleted_by,
    })),
    total_count: page.total,
  };
}

/**
 * 409 naming the field another business took while this one was in the trash, and that business
 * (`holder`) when it is known (not after a race lost on the unique index).
 */
const restoreConflict = (field: keyof typeof RESTORE_CONFLICTS, holder?: repo.TakenKey) =>
  new HttpError(409, RESTORE_CONFLICTS[field], {
    field,
    details: [{ field, message: RESTORE_CONFLICTS[field] }],
    ...(holder
      ? {
          holder: {
            business_registry_number: holder.business_registry_number,
            business_name: holder.business_name,
          },
        }
      : {}),
  });

/** The unique index a racing write hit, as the field it guards. */
function conflictFieldOf(error: unknown): keyof typeof RESTORE_CONFLICTS | null {
  const pg = error as { code?: string; constraint?: string; message?: string };
  if (pg?.code !== UNIQUE_VIOLATION) return null;
  const where = `${pg.constraint ?? ''} ${pg.message ?? ''}`;
  if (where.includes('businesses_email_unique')) return 'business_email';
  if (where.includes('businesses_phone_unique')) return 'business_phone';
  if (where.includes('business_registry_number')) return 'business_registry_number';
  return null;
}

/** Where a restore reports what it does with the payment events kept meanwhile. */
export interface PaymentsContext {
  log: FastifyBaseLogger;
  counters: WebhookCounters;
}

/** Brings the business back; 404 when it is not in the trash, 409 when a key of it was taken. */
export async function restoreBusiness(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  payments: PaymentsContext,
) {
  try {
    await writeTransaction(db, actor, async (trx) => {
      const item = await repo.lockTrashed(trx, registry);
      if (!item) throw notFound(TRASH_MSG.notInTrash);
      const taken = await repo.takenField(trx, item);
      if (taken) throw restoreConflict(taken.field, taken);
      const held = await repo.subscriptionsHeldElsewhere(trx, item.business_id);
      await repo.makeRoomForPayments(trx, item.business_id, held);
      await repo.restoreTrashed(trx, item.business_id);
      await repo.takeBackSubscriptions(trx, item.business_id, held);
      const business = { id: item.business_id, business_registry_number: item.business_registry_number };
      for (const sub of held) {
        const elsewhere = { id: sub.business_id, business_registry_number: sub.business_registry_number };
        const [from, to] = sub.trashed_newer ? [elsewhere, business] : [business, elsewhere];
        await logSubscriptionMoved(trx, PROVIDER_ACTOR[sub.provider], from, to);
      }
      // A delivery that finds nothing of this business waits for the copy locked above and looks
      // again once this commits; one that locked the copy first is held here, committed.
      await applyHeldEvents(trx, business, payments.log, payments.counters);
      await wakeOwnerAccess(trx, item.business_id);
      await recordStaffAction(
        trx,
        actor,
        'business_restore',
        { kind: 'business', registry: item.business_registry_number },
        { business_name: item.business_name, deleted_at: item.deleted_at },
      );
    });
  } catch (error) {
    const field = conflictFieldOf(error);
    if (field) throw restoreConflict(field);
    throw error;
  }
  return { message: TRASH_MSG.restored, business: await findBusiness(db, 'registry', registry) };
}

/** Deletes the business's copy for good; 404 when it is not in the trash. */
export async function purgeBusiness(db: Kysely<Database>, actor: Actor, registry: string) {
  const item = await writeTransaction(db, actor, async (trx) => {
    const found = await repo.lockTrashed(trx, registry);
    if (!found) throw notFound(TRASH_MSG.notInTrash);
    await repo.purgeTrashed(trx, found.business_id);
    await recordStaffAction(
      trx,
      actor,
      'business_purge',
      { kind: 'business', registry: found.business_registry_number },
      { business_name: found.business_name, deleted_at: found.deleted_at },
    );
    return found;
  });
  return {
    message: TRASH_MSG.purged,
    business_registry_number: item.business_registry_number,
    business_name: item.business_name,
  };
}

export interface TrashPurgeResult {
  /** Another run held the lock: it does the work. */
  skipped: boolean;
  purged: string[];
}

/**
 * The daily purge: what was deleted more than `days` days before `now` goes for good, in one
 * transaction with one 'system' row of the staff audit naming the registry numbers. One run at
 * a time across processes (an advisory lock); `days` 0 keeps everything.
 */
export async function purgeExpiredTrash(
  handle: DatabaseHandle,
  days: number,
  now: Date = new Date(),
): Promise<TrashPurgeResult> {
  if (days <= 0) return { skipped: false, purged: [] };
  const result = await exclusively(handle, TRASH_PURGE_LOCK_KEY, (db) =>
    db.transaction().execute(async (trx) => {
      const gone = await repo.purgeTrashedBefore(trx, new Date(now.getTime() - days * DAY_MS));
      const registries = gone.map((row) => row.business_registry_number).sort();
      if (registries.length > 0)
        await recordSystemAction(trx, 'trash_purge', {
          retention_days: days,
          rows: registries.length,
          registries,
        });
      return { skipped: false, purged: registries };
    }),
  );
  return result ?? { skipped: true, purged: [] };
}
