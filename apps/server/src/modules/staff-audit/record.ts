// Writes one staff_actions row (migration 030) inside the transaction of the write it describes,
// so the row exists exactly when the change does. Every staff write calls it; a public caller
// (actor.staff null) records nothing.
import type { StaffAction, StaffTargetKind } from '@portal/contract/staff-audit';
import { type ColumnType, type Generated, type Kysely, sql, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';

export interface StaffActionsTable {
  id: Generated<number>;
  action: string;
  actor_role: 'admin' | 'master' | 'unknown';
  actor_admin_id: number | null;
  actor_identifier: string;
  target_kind: string | null;
  target_admin_id: number | null;
  target_registry: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip_address: string | null;
  user_agent: string | null;
  created_at: ColumnType<Date, undefined, never>;
}

export type AuditDatabase = Database & { staff_actions: StaffActionsTable };

export interface StaffActionTarget {
  kind: StaffTargetKind;
  adminId?: number | null;
  registry?: string | null;
}

export function auditDb(db: Kysely<Database> | Transaction<Database>): Kysely<AuditDatabase> {
  return db.withTables<{ staff_actions: StaffActionsTable }>();
}

export async function recordStaffAction(
  trx: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  action: StaffAction,
  target: StaffActionTarget | null,
  details: object = {},
): Promise<void> {
  if (!actor.staff) return;
  await auditDb(trx)
    .insertInto('staff_actions')
    .values({
      action,
      actor_role: actor.staff.role,
      actor_admin_id: actor.staff.adminId,
      actor_identifier: actor.changedBy,
      target_kind: target?.kind ?? null,
      target_admin_id: target?.adminId ?? null,
      target_registry: target?.registry ?? null,
      details: JSON.stringify(details),
      ip_address: actor.ip,
      user_agent: actor.userAgent,
    })
    .execute();
}

/** A row the server writes on its own (actor 'system'): a retention's archive or purge. */
export async function recordSystemAction(
  db: Kysely<Database> | Transaction<Database>,
  action: StaffAction,
  details: object,
): Promise<void> {
  await sql`
    insert into staff_actions (action, actor_role, actor_identifier, details)
    values (${action}, 'system', 'Sistema', ${JSON.stringify(details)}::jsonb)`.execute(db);
}

/**
 * Who a sign-in event is about: a staff account, or (a failed sign-in) the identifier typed when it
 * names no account. Sign-in events are written without a session, so they name the person here.
 */
export interface SignInSubject {
  role: 'admin' | 'master' | 'unknown';
  adminId: number | null;
  /** The admin's email, 'Master', or the identifier typed. */
  identifier: string;
}

/** Writes a sign-in event: a sign-in, a failed one, a wrong code, a recovery code used. */
export async function recordSignInEvent(
  db: Kysely<Database> | Transaction<Database>,
  subject: SignInSubject,
  from: { ip: string | null; userAgent: string | null | undefined },
  action: StaffAction,
  details: object = {},
): Promise<void> {
  await auditDb(db)
    .insertInto('staff_actions')
    .values({
      action,
      actor_role: subject.role,
      actor_admin_id: subject.adminId,
      actor_identifier: subject.identifier.slice(0, 255),
      target_kind: subject.adminId === null ? null : 'admin',
      target_admin_id: subject.adminId,
      target_registry: null,
      details: JSON.stringify(details),
      ip_address: from.ip,
      user_agent: from.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
}
