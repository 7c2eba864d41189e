// Per-business access records (SPEC §3, §6): who may change which record, and a history of every
// toggle change (SPEC §2 says disabling 'will be logged').
import {
  ACCESS_MESSAGES,
  type AccessControl,
  type AccessHistoryEntry,
  type AccessHistoryQuery,
  type AccessToggleBody,
  CURRENT_USER,
  MASTER_TARGET,
} from '@portal/contract/access';
import type { AccessType } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../auth/session.service.ts';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { conflict, forbidden, notFound } from '../../http/http-error.ts';
import { type Precondition, preconditionFailed, preconditionHolds } from '../../http/if-match.ts';
import { type BusinessRef, requireBusiness } from '../content-common/business-lookup.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './access.repository.ts';

/** The caller's own record reads admin_id 'current_user' (SPEC §3). */
function present(record: repo.AccessRecord, caller: AuthContext, masterOff?: AccessType[]): AccessControl {
  const own = isOwn(record, caller);
  return {
    ...record,
    admin_id: own ? CURRENT_USER : record.admin_id,
    last_update: record.last_update.toISOString(),
    ...(masterOff ? { turned_off_by_master: masterOff } : {}),
  };
}

function isOwn(record: repo.AccessRecord, caller: AuthContext): boolean {
  return caller.loginType === 'admin' && record.admin_id !== null && record.admin_id === caller.adminId;
}

/** Which toggles a master's 'off' binds is told on an admin's record, to that admin and to masters. */
function showsMasterOff(record: repo.AccessRecord, caller: AuthContext): boolean {
  return record.admin_id !== null && (caller.loginType === 'master' || isOwn(record, caller));
}

/** The records as the caller sees them, with the toggles a master's 'off' binds (one read for all). */
async function presentAll(
  db: Kysely<Database>,
  caller: AuthContext,
  registry: string,
  records: repo.AccessRecord[],
): Promise<AccessControl[]> {
  const shown = records.filter((record) => showsMasterOff(record, caller));
  const bound = await repo.turnedOffByMaster(
    db,
    registry,
    shown.map((record) => record.access_id),
  );
  return records.map((record) =>
    present(record, caller, showsMasterOff(record, caller) ? (bound.get(record.access_id) ?? []) : undefined),
  );
}

/** One record as the caller sees it: the same shape in a GET, a write's answer and a 412. */
async function presentOne(
  db: Kysely<Database>,
  caller: AuthContext,
  registry: string,
  record: repo.AccessRecord,
): Promise<AccessControl> {
  const [shown] = await presentAll(db, caller, registry, [record]);
  return shown!;
}

/** A record as the write that holds it sees it (the write has just made or locked it). */
async function presentRecord(
  trx: Kysely<Database>,
  caller: AuthContext,
  business: BusinessRef,
  adminId: number | null,
): Promise<AccessControl> {
  const record = await repo.findRecord(trx, business.id, adminId);
  if (!record) throw notFound(ACCESS_MESSAGES.recordNotFound);
  return presentOne(trx, caller, business.business_registry_number, record);
}

/** The records, with the business they belong to (its name and owner head the screen). */
export async function listAccess(db: Kysely<Database>, caller: AuthContext, registry: string) {
  const page = await repo.accessPage(db, registry);
  if (!page) throw notFound(MSG.businessNotFound);
  const { business, records } = page;
  return {
    business,
    access_controls: await presentAll(db, caller, business.business_registry_number, records),
    total_count: records.length,
  };
}

/** A page of the toggle change history, newest first; the caller's own record reads 'current_user'. */
export async function accessHistory(
  db: Kysely<Database>,
  caller: AuthContext,
  registry: string,
  query: AccessHistoryQuery,
) {
  const business = await requireBusiness(db, registry);
  const key = business.business_registry_number;
  const [rows, total] = await Promise.all([
    repo.listChangeLogs(db, key, query.limit, query.offset),
    repo.countChangeLogs(db, key),
  ]);
  const history = rows.map((row): AccessHistoryEntry => {
    const own = caller.loginType === 'admin' && row.target_admin_id === caller.adminId;
    return {
      ...row,
      access_type: row.access_type as AccessHistoryEntry['access_type'],
      target_admin_id: own ? CURRENT_USER : row.target_admin_id,
      changed_at: row.changed_at.toISOString(),
    };
  });
  return { history, total_count: total, has_more: query.offset + rows.length < total };
}

export async function masterAccess(db: Kysely<Database>, caller: AuthContext, registry: string) {
  const business = await requireBusiness(db, registry);
  const record = await repo.findRecord(db, business.id, null);
  if (!record) throw notFound(ACCESS_MESSAGES.masterRecordNotFound);
  return presentOne(db, caller, business.business_registry_number, record);
}

/** The admin id whose record a path names (null: the master record). */
function targetOf(caller: AuthContext, adminIdParam: string, isMaster: boolean): number | null {
  if (isMaster || adminIdParam === MASTER_TARGET) return null;
  if (adminIdParam === CURRENT_USER) return caller.loginType === 'master' ? null : caller.adminId;
  return Number(adminIdParam);
}

/** Only a master may change the master record or another admin's record. */
function authorize(caller: AuthContext, target: number | null) {
  if (caller.loginType === 'master') return;
  if (target === null || target !== caller.adminId) throw forbidden(ACCESS_MESSAGES.masterOnlyChange);
}

export async function changeAccess(
  db: Kysely<Database>,
  actor: Actor,
  caller: AuthContext,
  params: { registry: string; adminId: string },
  body: AccessToggleBody,
  precondition: Precondition = null,
) {
  const business = await requireBusiness(db, params.registry);
  const target = targetOf(caller, params.adminId, body.is_master === true);
  authorize(caller, target);
  const record = await repo.findRecord(db, business.id, target);
  if (!record)
    throw notFound(target === null ? ACCESS_MESSAGES.masterRecordNotFound : ACCESS_MESSAGES.recordNotFound);

  // The answer is read inside the write: a deletion of the admin committed right after it would
  // otherwise leave nothing to show for a change that was made.
  const shown = await writeTransaction(db, actor, async (trx) => {
    const locked = await repo.lockToggle(trx, record.access_id, body.access_type);
    if (!locked) throw notFound(ACCESS_MESSAGES.recordNotFound);
    if (!preconditionHolds(precondition, locked.version)) {
      const now = await repo.findRecord(trx, business.id, target);
      const current = now ? await presentOne(trx, caller, business.business_registry_number, now) : null;
      throw preconditionFailed(locked, current);
    }
    const oldValue = locked[body.access_type];
    if (oldValue === body.new_value) return presentRecord(trx, caller, business, target);
    // The master's 'off' binds the admin it names: only a master turns it back on.
    if (caller.loginType === 'admin' && body.new_value) {
      const bound = await repo.turnedOffByMaster(trx, business.business_registry_number, [record.access_id]);
      if (bound.get(record.access_id)?.includes(body.access_type))
        throw forbidden(ACCESS_MESSAGES.masterTurnedOff);
    }
    await repo.setToggle(trx, record.access_id, body.access_type, body.new_value);
    await repo.insertChangeLog(trx, {
      business_registry_number: business.business_registry_number,
      access_id: record.access_id,
      target_admin_id: target,
      access_type: body.access_type,
      old_value: oldValue,
      new_value: body.new_value,
      changed_by: actor.changedBy,
      ip_address: actor.ip,
      user_agent: actor.userAgent,
    });
    await recordStaffAction(
      trx,
      actor,
      'access_toggle',
      { kind: 'business', registry: business.business_registry_number, adminId: target },
      {
        access_type: body.access_type,
        old_value: oldValue,
        new_value: body.new_value,
        is_master: target === null,
      },
    );
    return presentRecord(trx, caller, business, target);
  });
  return { message: ACCESS_MESSAGES.accessUpdated, access_control: shown };
}

/** The caller's default record (all six on); with master=true the master record (master only). */
export async function createDefaultAccess(
  db: Kysely<Database>,
  actor: Actor,
  caller: AuthContext,
  registry: string,
  master: boolean,
) {
  if (master && caller.loginType !== 'master') throw forbidden(ACCESS_MESSAGES.masterOnlyCreate);
  const business: BusinessRef = await requireBusiness(db, registry);
  // A master has no admin record of its own: its default is the master record.
  const adminId = master || caller.loginType === 'master' ? null : caller.adminId;
  const exists = () =>
    conflict(adminId === null ? ACCESS_MESSAGES.masterAlreadyExists : ACCESS_MESSAGES.alreadyExists);
  if (await repo.findRecord(db, business.id, adminId)) throw exists();
  try {
    const shown = await writeTransaction(db, actor, async (trx) => {
      await repo.insertRecord(trx, business.id, adminId);
      await recordStaffAction(
        trx,
        actor,
        'access_create',
        { kind: 'business', registry: business.business_registry_number, adminId },
        { is_master: adminId === null },
      );
      return presentRecord(trx, caller, business, adminId);
    });
    return {
      message: adminId === null ? MSG.masterAccessCreated : MSG.defaultAccessCreated,
      access_control: shown,
    };
  } catch (error) {
    // Parallel creates: the unique index lets one through; the others get the same 409 as later ones.
    if ((error as { code?: unknown } | null)?.code === '23505') throw exists();
    throw error;
  }
}
