// Admin accounts (SPEC §5, §7 "Admin registration"): the rules, with the writes in one transaction.

import {
  ADMIN_MSG,
  type AdminAccount,
  type AdminBulkResultLine,
  type AdminCreateBody,
  type AdminListQuery,
  type AdminRegistrationRecord,
  type AdminUpdateBody,
  type BulkActionBody,
  paginationOf,
} from '@portal/contract/admin-registration';
import { CONFLICT_MSG } from '@portal/contract/edit-conflicts';
import type { AdminStatus, BulkAction } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeAdminSessions } from '../../auth/session.service.ts';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import {
  changeOf,
  checkPrecondition,
  type Precondition,
  preconditionFailed,
  preconditionHolds,
} from '../../http/if-match.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './admin-registration.repository.ts';

/** How a registration record names the master who registered the admin (SPEC §3 session user). */
export const MASTER_USER_LABEL = 'Master User';

const BULK_STATUS: Record<Exclude<BulkAction, 'delete'>, AdminStatus> = {
  activate: 'active',
  deactivate: 'inactive',
  suspend: 'suspended',
};

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findAdmin>>>;
type RegistrationRow = NonNullable<Awaited<ReturnType<typeof repo.registrationOf>>>;

const iso = (date: Date | string) => new Date(date).toISOString();

export function toAccount(row: AdminRow): AdminAccount {
  return {
    admin_id: row.admin_id,
    admin_first_name: row.admin_first_name,
    admin_last_name: row.admin_last_name,
    admin_email: row.admin_email,
    admin_phone: row.admin_phone,
    access_status: row.access_status,
    admin_access_status: row.access_status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_login_at: row.last_login_at ? iso(row.last_login_at) : null,
    version: row.version,
  };
}

function toRecord(row: RegistrationRow): AdminRegistrationRecord {
  return { ...row, created_at: iso(row.created_at) };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Two masters creating the same email at once: the index decides, the loser gets the same 409. */
async function emailConflictsAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.adminEmailAlreadyRegistered);
    throw error;
  }
}

export async function createAdmin(ctx: AppContext, actor: Actor, body: AdminCreateBody) {
  if (await repo.emailTaken(ctx.db, body.admin_email)) throw conflict(MSG.adminEmailAlreadyRegistered);
  const passwordHash = await hashPassword(body.admin_password);
  const admin = await emailConflictsAs409(() =>
    writeTransaction(ctx.db, actor, async (trx) => {
      const created = await repo.insertAdmin(trx, {
        admin_first_name: body.admin_first_name,
        admin_last_name: body.admin_last_name,
        admin_email: body.admin_email,
        admin_phone: body.admin_phone ?? null,
        admin_password_hash: passwordHash,
        access_status: body.access_status ?? 'pending',
        // The master chose this password: the admin replaces it at first sign-in.
        must_change_password: true,
      });
      await repo.insertRegistrationLog(trx, {
        admin_id: created.admin_id,
        admin_first_name: created.admin_first_name,
        admin_last_name: created.admin_last_name,
        admin_email: created.admin_email,
        master_user: MASTER_USER_LABEL,
        ip_address: actor.ip,
        user_agent: actor.userAgent,
      });
      await recordStaffAction(
        trx,
        actor,
        'admin_create',
        { kind: 'admin', adminId: created.admin_id },
        {
          admin_email: created.admin_email,
          access_status: created.access_status,
        },
      );
      return created;
    }),
  );
  return toAccount(admin);
}

export async function listAdmins(ctx: AppContext, query: AdminListQuery) {
  const { rows, total } = await repo.listAdmins(ctx.db, query);
  return {
    admins: rows.map(toAccount),
    total_count: total,
    pagination: paginationOf(query.page, query.page_size, total),
  };
}

export async function getAdmin(ctx: AppContext, adminId: number): Promise<AdminAccount> {
  const row = await repo.findAdmin(ctx.db, adminId);
  if (!row) throw notFound(ADMIN_MSG.notFound);
  return toAccount(row);
}

export async function updateAdmin(
  ctx: AppContext,
  actor: Actor,
  adminId: number,
  body: AdminUpdateBody,
  precondition: Precondition = null,
) {
  const status = body.access_status ?? body.admin_access_status;
  const patch = {
    ...(body.admin_first_name !== undefined && { admin_first_name: body.admin_first_name }),
    ...(body.admin_last_name !== undefined && { admin_last_name: body.admin_last_name }),
    ...(body.admin_email !== undefined && { admin_email: body.admin_email }),
    ...(body.admin_phone !== undefined && { admin_phone: body.admin_phone }),
    ...(status !== undefined && { access_status: status }),
  };
  if (Object.keys(patch).length === 0) {
    const row = await repo.lockAdmin(ctx.db, adminId);
    if (!row) throw notFound(ADMIN_MSG.notFound);
    if (!preconditionHolds(precondition, row.version)) throw preconditionFailed(row, toAccount(row));
    return toAccount(row);
  }
  if (body.admin_email && (await repo.emailTaken(ctx.db, body.admin_email, adminId))) {
    throw conflict(MSG.adminEmailAlreadyRegistered);
  }
  const row = await emailConflictsAs409(() =>
    writeTransaction(ctx.db, actor, async (trx) => {
      // Locked: the If-Match comparison and the write are one step.
      const before = await repo.lockAdmin(trx, adminId);
      if (!before) throw notFound(ADMIN_MSG.notFound);
      checkPrecondition(precondition, before, toAccount);
      // Only what moves is written and audited: a second 'Aprobar' (a double click, two tabs) is no
      // new approval and no 'admin_update' row.
      const changed = Object.fromEntries(
        Object.entries(patch).filter(([field, value]) => before[field as keyof typeof before] !== value),
      ) as typeof patch;
      if (Object.keys(changed).length === 0) return before;
      const updated = await repo.updateAdmin(trx, adminId, changed);
      if (!updated) throw notFound(ADMIN_MSG.notFound);
      if (updated.access_status !== 'active') await revokeAdminSessions(trx, [adminId]);
      const approved = before.access_status === 'pending' && updated.access_status === 'active';
      await recordStaffAction(
        trx,
        actor,
        approved ? 'admin_approve' : 'admin_update',
        {
          kind: 'admin',
          adminId,
        },
        { fields: Object.keys(changed), access_status: updated.access_status },
      );
      return updated;
    }),
  );
  return toAccount(row);
}

export async function deleteAdmin(ctx: AppContext, actor: Actor, adminId: number): Promise<void> {
  await writeTransaction(ctx.db, actor, async (trx) => {
    // The admin's row first, as every other write of the admin (and a sign-in) locks it: a sign-in
    // finishing its 2FA setup then waits or goes first, never a deadlock.
    await repo.lockAdmin(trx, adminId);
    await revokeAdminSessions(trx, [adminId]);
    const deleted = await repo.deleteAdmins(trx, [adminId]);
    if (deleted.length === 0) throw notFound(ADMIN_MSG.notFound);
    await recordStaffAction(
      trx,
      actor,
      'admin_delete',
      { kind: 'admin', adminId },
      {
        admin_email: deleted[0]?.admin_email,
      },
    );
  });
}

/**
 * A new password ends the admin's live sessions and sign-ins at the second step
 * (revokeAdminSessions): whoever held the old one is signed out.
 */
export async function resetPassword(
  ctx: AppContext,
  actor: Actor,
  adminId: number,
  body: { admin_id?: number; new_password: string },
  precondition: Precondition = null,
): Promise<string> {
  if (body.admin_id !== undefined && body.admin_id !== adminId) throw badRequest(ADMIN_MSG.adminIdMismatch);
  const passwordHash = await hashPassword(body.new_password);
  return writeTransaction(ctx.db, actor, async (trx) => {
    if (precondition !== null) {
      const locked = await repo.lockAdmin(trx, adminId);
      if (!locked) throw notFound(ADMIN_MSG.notFound);
      checkPrecondition(precondition, locked, toAccount);
    }
    // Someone else's password for the admin: they replace it at their next sign-in.
    const updated = await repo.updateAdmin(trx, adminId, {
      admin_password_hash: passwordHash,
      must_change_password: true,
    });
    if (!updated) throw notFound(ADMIN_MSG.notFound);
    await revokeAdminSessions(trx, [adminId]);
    await recordStaffAction(trx, actor, 'admin_reset_password', { kind: 'admin', adminId });
    return updated.version;
  });
}

export async function searchAdmins(ctx: AppContext, term: string, limit: number) {
  const rows = await repo.searchAdmins(ctx.db, term, limit);
  return { admins: rows.map(toAccount), total_count: rows.length };
}

export const adminStats = (ctx: AppContext) => repo.adminStats(ctx.db);

export async function listRegistrations(ctx: AppContext, page: number, pageSize: number) {
  const { rows, total } = await repo.listRegistrations(ctx.db, page, pageSize);
  return {
    registrations: rows.map(toRecord),
    total_count: total,
    pagination: paginationOf(page, pageSize, total),
  };
}

export async function registrationOf(ctx: AppContext, adminId: number) {
  const row = await repo.registrationOf(ctx.db, adminId);
  if (!row) throw notFound(ADMIN_MSG.registrationNotFound);
  return toRecord(row);
}

/** A bulk action's audit names each admin as it was then (a deleted admin's name is gone after). */
function namedAdmin(found: Awaited<ReturnType<typeof repo.lockAdmins>>, adminId: number) {
  const row = found.find((admin) => admin.admin_id === adminId);
  const name = `${row?.admin_first_name ?? ''} ${row?.admin_last_name ?? ''}`.trim();
  return { admin_id: adminId, name: name || (row?.admin_email ?? '') };
}

/**
 * An unknown id anywhere in the list changes nothing (404). An admin named in `versions` at another
 * version than the one sent is left alone and answers 412 on its line, with who changed it and when,
 * its status and version now (a retry after the master has read them is on the account as it is);
 * the others are applied. The rows stay locked from the comparison to the write, so of many calls
 * naming the same version exactly one is applied.
 */
export async function bulkAction(ctx: AppContext, actor: Actor, body: BulkActionBody) {
  const ids = [...new Set(body.admin_ids)];
  const { changed, stale } = await writeTransaction(ctx.db, actor, async (trx) => {
    const found = await repo.lockAdmins(trx, ids);
    const missing = ids.filter((id) => !found.some((row) => row.admin_id === id));
    if (missing.length > 0) throw notFound(ADMIN_MSG.bulkNotFound(missing));
    const stale = found.filter((row) => !preconditionHolds(seenVersion(body, row.admin_id), row.version));
    const applied = ids.filter((id) => !stale.some((row) => row.admin_id === id));
    if (applied.length === 0) return { changed: [], stale };
    if (body.action !== 'activate') await revokeAdminSessions(trx, applied);
    await recordStaffAction(
      trx,
      actor,
      'admin_bulk',
      { kind: 'admins' },
      {
        bulk_action: body.action,
        admin_ids: applied,
        admins: applied.map((id) => namedAdmin(found, id)),
        ...(stale.length > 0 && { requested: ids.length, failed: stale.length }),
      },
    );
    const changed =
      body.action === 'delete'
        ? await repo.deleteAdmins(trx, applied)
        : await repo.setStatus(trx, applied, BULK_STATUS[body.action]);
    return { changed, stale };
  });
  const admins = changed.map(toAccount).sort((a, b) => a.admin_id - b.admin_id);
  const results = ids.map((id): AdminBulkResultLine => {
    const refused = stale.find((row) => row.admin_id === id);
    if (refused)
      return {
        admin_id: id,
        status: 412,
        message: CONFLICT_MSG.preconditionFailed,
        ...changeOf(refused),
        access_status: refused.access_status as AdminStatus,
        version: refused.version,
      };
    const after = admins.find((admin) => admin.admin_id === id);
    return {
      admin_id: id,
      status: 200,
      ...(body.action !== 'delete' && after && { version: after.version }),
    };
  });
  return {
    message: ADMIN_MSG.bulkDone(body.action, admins.length),
    action: body.action,
    processed_count: admins.length,
    admin_ids: admins.map((admin) => admin.admin_id),
    admins,
    results,
    summary: { succeeded: ids.length - stale.length, failed: stale.length },
  };
}

/** The version the master saw of this admin, as an If-Match would name it (none: as it is now). */
function seenVersion(body: BulkActionBody, adminId: number): Precondition {
  const version = body.versions?.[String(adminId)];
  return version === undefined ? null : [version];
}
