// The temporary-password mails to owners (owner_access_mails): queued in the transaction that
// creates the business (a staff registration, or an import's batch with 'Enviar acceso a los
// dueños'), sent at once by the registration and otherwise by the import worker of any process. Each
// try takes one due row with FOR UPDATE SKIP LOCKED, gives the business a new temporary password
// and commits, then sends; a mail the server refused is tried again later (1 min, doubling to
// 1 hour), and after MAX_ATTEMPTS tries it is 'failed' until staff ask again. A process that dies
// after sending and before saving 'sent' sends a second mail after the lease: the owner then has
// two, and the later one's password is the one that works. The business's history gets one
// 'password' row per mail sent, written with 'sent' (not one per try: see markSent).
import { generateTemporaryPassword } from '@portal/contract/password-generator';
import { REGISTRATION_MESSAGES } from '@portal/contract/public-registration';
import { type Kysely, sql, type Transaction } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import { type Actor, setActor } from '../db/audit.ts';
import type { Database } from '../db/types.ts';
import type { Mailer } from './mailer.ts';

export const OWNER_ACCESS = {
  /** Longer than the longest SMTP wait (10 s to connect, 30 s for a reply) with room to spare. */
  leaseMs: 5 * 60_000,
  firstRetryMs: 60_000,
  longestRetryMs: 60 * 60_000,
  maxAttempts: 10,
  /** How long a business in the trash waits before its mail is looked at again. */
  trashWaitMs: 60 * 60_000,
};

export interface OwnerAccessCounts {
  sent: number;
  pending: number;
  in_trash: number;
  failed: number;
  cancelled: number;
}

export interface OwnerAccessDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log?: { error(object: object, message: string): void };
  /** How long a try holds its mail (OWNER_ACCESS.leaseMs unless given). */
  mailLeaseMs?: number;
}

/** The mail: the business, its registry number and the temporary password. */
export function temporaryPasswordMail(to: string, registry: string, name: string, password: string) {
  return {
    to,
    subject: REGISTRATION_MESSAGES.temporaryPasswordSubject,
    text: [
      `Su negocio "${name}" fue registrado con el número ${registry}.`,
      '',
      `Contraseña temporal: ${password}`,
      '',
      'Debe cambiar esta contraseña la primera vez que inicie sesión.',
    ].join('\n'),
  };
}

/** Who asked for the mails: the import (if any), and whom the change log names for the password. */
export interface AccessRequest extends Actor {
  importId: string | null;
}

/**
 * Queues one mail per created business, in the transaction that creates them; their ids. With
 * `tryingNow` the caller sends it itself right after the commit (deliverOwnerAccess with its id):
 * the workers leave it alone for a lease, and take it only if that caller never did.
 */
export async function queueOwnerAccess(
  trx: Transaction<Database>,
  request: AccessRequest,
  businessIds: number[],
  tryingNow = false,
) {
  if (businessIds.length === 0) return [];
  const rows = await trx
    .insertInto('owner_access_mails')
    .values(
      businessIds.map((business_id) => ({
        import_id: request.importId,
        changed_by: request.changedBy,
        ip_address: request.ip,
        user_agent: request.userAgent,
        business_id,
        ...(tryingNow
          ? { next_attempt_at: sql<Date>`now() + make_interval(secs => ${OWNER_ACCESS.leaseMs / 1000})` }
          : {}),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export const IN_TRASH = 'the business is in the trash';

/**
 * Each import's mails by status, as a correlated subquery of `business_imports`. A pending mail
 * whose business was found in the trash is counted apart: it waits for a restore, not for a try.
 */
export const ownerAccessCounts = sql<OwnerAccessCounts>`(
  select jsonb_build_object(
           'sent', count(*) filter (where m.status = 'sent'),
           'pending', count(*) filter (where m.status = 'pending' and m.last_error is distinct from ${IN_TRASH}),
           'in_trash', count(*) filter (where m.status = 'pending' and m.last_error = ${IN_TRASH}),
           'failed', count(*) filter (where m.status = 'failed'),
           'cancelled', count(*) filter (where m.status = 'cancelled'))
    from owner_access_mails m
   where m.import_id = business_imports.import_id)`;

/** A business back from the trash: its mails that waited for it are due now (not one under way). */
export async function wakeOwnerAccess(trx: Transaction<Database>, businessId: number) {
  await trx
    .updateTable('owner_access_mails')
    .set({ next_attempt_at: sql`now()`, last_error: null })
    .where('business_id', '=', businessId)
    .where('status', '=', 'pending')
    .where('last_error', '=', IN_TRASH)
    .execute();
}

/**
 * Puts an import's failed mails back in the queue, due now; how many. The passwords they set are
 * then named after `by`, who asked.
 */
export async function retryFailedOwnerAccess(db: Kysely<Database>, importId: string, by: Actor) {
  const result = await db
    .updateTable('owner_access_mails')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql`now()`,
      last_error: null,
      changed_by: by.changedBy,
      ip_address: by.ip,
      user_agent: by.userAgent,
    })
    .where('import_id', '=', importId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * What a pending mail is doing: waiting for its first try, a try under way, waiting to be tried
 * again after a refused try, or waiting for its business to leave the trash.
 */
export type OwnerAccessPendingState = 'queued' | 'sending' | 'retrying' | 'in_trash';

/** Where a business's latest mail stands (the business page's `owner_access`). */
export interface OwnerAccessState {
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  attempts: number;
  /** Pending only: when a worker may take it next (a try under way holds it until its lease ends). */
  next_attempt_at: Date | null;
  pending_state: OwnerAccessPendingState | null;
}

/**
 * A pending mail's state, read from its row: a try under way has cleared the last error and holds
 * the mail (next_attempt_at ahead); one woken again (a restore, a retry) has no error and is due.
 */
function pendingStateOf(row: {
  attempts: number;
  last_error: string | null;
  held: boolean;
}): OwnerAccessPendingState {
  if (row.last_error === IN_TRASH) return 'in_trash';
  if (row.last_error !== null) return 'retrying';
  return row.attempts > 0 && row.held ? 'sending' : 'queued';
}

/** The business has a password its mail did not give it (its owner's, or a reset): none is needed. */
const hasAnotherPassword = sql<boolean>`exists (
  select 1 from businesses b
   where b.id = owner_access_mails.business_id and b.password_hash is distinct from owner_access_mails.issued_hash)`;

/**
 * The latest mail (by id) of a business, whoever queued it; undefined when it has none. A failed
 * one whose business has another password since is 'cancelled': nothing is left to send.
 */
export async function latestOwnerAccess(
  db: Kysely<Database>,
  businessId: number,
): Promise<(OwnerAccessState & { id: number }) | undefined> {
  const row = await db
    .selectFrom('owner_access_mails')
    .select([
      'id',
      'status',
      'attempts',
      'next_attempt_at',
      'last_error',
      sql<boolean>`next_attempt_at > now()`.as('held'),
      hasAnotherPassword.as('not_needed'),
    ])
    .where('business_id', '=', businessId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const status = row.status === 'failed' && row.not_needed ? 'cancelled' : row.status;
  const pendingState = status === 'pending' ? pendingStateOf(row) : null;
  return {
    id: row.id,
    attempts: row.attempts,
    status: status as OwnerAccessState['status'],
    // In the trash it is looked at again, not tried: no next try is known until a restore.
    next_attempt_at: pendingState && pendingState !== 'in_trash' ? new Date(row.next_attempt_at) : null,
    pending_state: pendingState,
  };
}

/**
 * Puts a business's latest mail back in the queue if it is 'failed', as retryFailedOwnerAccess
 * does for an import's; its id, or undefined when the latest mail is not 'failed' (or there is
 * none). Like queueOwnerAccess with `tryingNow`, the caller sends it itself right after the
 * commit: the workers leave it alone for a lease, and take it only if that caller never did. Two
 * callers at once: the second finds it 'pending' and gets undefined.
 */
export async function retryFailedBusinessOwnerAccess(
  trx: Transaction<Database>,
  businessId: number,
  by: Actor,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('owner_access_mails')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql`now() + make_interval(secs => ${OWNER_ACCESS.leaseMs / 1000})`,
      last_error: null,
      changed_by: by.changedBy,
      ip_address: by.ip,
      user_agent: by.userAgent,
    })
    .where(
      'id',
      '=',
      trx
        .selectFrom('owner_access_mails')
        .select('id')
        .where('business_id', '=', businessId)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('status', '=', 'failed')
    .where(sql<boolean>`not ${hasAnotherPassword}`)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

interface Claimed {
  id: number;
  business_id: number;
  attempts: number;
  issued_hash: string | null;
  changed_by: string;
  ip_address: string | null;
  user_agent: string | null;
}

type Try =
  | { kind: 'none' }
  | { kind: 'handled' }
  | { kind: 'send'; id: number; attempts: number; mail: Mail; password: IssuedPassword };
type Mail = Parameters<Mailer['send']>[0];

/** The password a try gave the business (its hash), and whom its history row names. */
interface IssuedPassword {
  businessId: number;
  hash: string;
  by: Actor;
}

/**
 * Takes the next due mail (or mail `only`, queued `tryingNow` by the caller) and gives its
 * business a new temporary password, in one transaction.
 */
async function claim(deps: OwnerAccessDeps, only?: number): Promise<Try> {
  const leaseMs = deps.mailLeaseMs ?? OWNER_ACCESS.leaseMs;
  // The lease is committed on its own: if giving the password fails below, this mail waits for its
  // lease to end and the others go on, instead of one row failing first in line again and again.
  const claimed = (
    await sql<Claimed>`
      update owner_access_mails m
         set attempts = m.attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
       where m.id = (select id from owner_access_mails
                      where status = 'pending'
                        and ${only === undefined ? sql`next_attempt_at <= now()` : sql`id = ${only}`}
                      order by next_attempt_at, id
                      limit 1
                        for update skip locked)
      returning m.id, m.business_id, m.attempts, m.issued_hash, m.changed_by, m.ip_address, m.user_agent`.execute(
      deps.db,
    )
  ).rows[0];
  if (!claimed) return { kind: 'none' };
  return deps.db.transaction().execute(async (trx): Promise<Try> => {
    const held = await trx
      .selectFrom('owner_access_mails')
      .select('id')
      .where('id', '=', claimed.id)
      .where('attempts', '=', claimed.attempts)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!held) return { kind: 'handled' }; // taken by a newer try meanwhile
    const business = await trx
      .selectFrom('businesses')
      .select(['business_registry_number', 'business_name', 'business_email', 'password_hash'])
      .where('id', '=', claimed.business_id)
      .forUpdate()
      .executeTakeFirst();
    if (!business) {
      await settleMissing(trx, claimed);
      return { kind: 'handled' };
    }
    // Another password since the last try (the owner's own, or a reset): this mail is not needed.
    if (business.password_hash !== claimed.issued_hash) {
      await finish(trx, claimed, 'cancelled', 'the business has another password');
      return { kind: 'handled' };
    }
    const password = generateTemporaryPassword();
    const hash = await hashPassword(password);
    const by = { changedBy: claimed.changed_by, ip: claimed.ip_address, userAgent: claimed.user_agent };
    await setActor(trx, by);
    // No 'password' history row for a try: the owner may never get this one (markSent writes it).
    await sql`select set_config('app.password_logged_on_send', 'on', true)`.execute(trx);
    await trx
      .updateTable('businesses')
      .set({ password_hash: hash, must_change_password: true })
      .where('id', '=', claimed.business_id)
      .execute();
    await trx
      .updateTable('owner_access_mails')
      .set({ issued_hash: hash, last_error: null })
      .where('id', '=', claimed.id)
      .execute();
    return {
      kind: 'send',
      id: claimed.id,
      attempts: claimed.attempts,
      password: { businessId: claimed.business_id, hash, by },
      mail: temporaryPasswordMail(
        business.business_email,
        business.business_registry_number,
        business.business_name,
        password,
      ),
    };
  });
}

/**
 * A business in the trash may come back: its mail waits. One deleted for good is cancelled. Both
 * tables are read in one statement: a restore moves the row from one to the other in between two.
 */
async function settleMissing(trx: Transaction<Database>, claimed: Claimed) {
  const where = (
    await sql<{ listed: boolean; trashed: boolean }>`
      select exists (select 1 from businesses where id = ${claimed.business_id}) as listed,
             exists (select 1 from business_trash where business_id = ${claimed.business_id}) as trashed`.execute(
      trx,
    )
  ).rows[0];
  if (!where?.listed && !where?.trashed) {
    await finish(trx, claimed, 'cancelled', 'the business was deleted');
    return;
  }
  // Not a try: restored just now (due again at once), or in the trash (looked at again later, or
  // at once when a restore wakes it: wakeOwnerAccess knows it by IN_TRASH).
  const wait = where.listed ? 0 : OWNER_ACCESS.trashWaitMs / 1000;
  await trx
    .updateTable('owner_access_mails')
    .set({
      attempts: claimed.attempts - 1,
      next_attempt_at: sql`now() + make_interval(secs => ${wait})`,
      last_error: where.listed ? null : IN_TRASH,
    })
    .where('id', '=', claimed.id)
    .execute();
}

/**
 * Settles the mail of the try that made `attempts`, if that try still holds it: a try that ran
 * past its lease, whose mail another try has taken since, changes nothing.
 */
function finish(
  db: Kysely<Database>,
  held: { id: number; attempts: number },
  status: 'sent' | 'failed' | 'cancelled',
  error: string | null,
) {
  return db
    .updateTable('owner_access_mails')
    .set({ status, last_error: error, ...(status === 'sent' ? { sent_at: sql`now()` } : {}) })
    .where('id', '=', held.id)
    .where('attempts', '=', held.attempts)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Settles a sent mail as finish does and, when this try still held it, writes the business's
 * 'password' history row the try left out, naming who asked for the mail: the history shows the
 * password the owner received, once, not one row per try. None when the business has another
 * password since (its own row says so) or is gone.
 */
async function markSent(
  db: Kysely<Database>,
  sent: { id: number; attempts: number; password: IssuedPassword },
) {
  const { businessId, hash, by } = sent.password;
  await db.transaction().execute(async (trx) => {
    const [settled] = await finish(trx, sent, 'sent', null);
    if (!settled?.numUpdatedRows) return;
    await sql`
      insert into business_change_logs
             (business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
              changed_by, ip_address, user_agent)
      select id, business_registry_number, 'UPDATE', 'password', '********', '********',
             ${by.changedBy}, ${by.ip}, ${by.userAgent}
        from businesses
       where id = ${businessId} and password_hash = ${hash}`.execute(trx);
  });
}

const retryDelayMs = (attempts: number) =>
  Math.min(OWNER_ACCESS.longestRetryMs, OWNER_ACCESS.firstRetryMs * 2 ** Math.max(0, attempts - 1));

/** What a try came to: nothing due, settled without a mail, sent, or refused by the mail server. */
export type Delivery = 'none' | 'settled' | 'sent' | 'refused';

/**
 * Tries the next due mail (or mail `only`, queued `tryingNow`). A refused mail is tried again later, or is 'failed'
 * after MAX_ATTEMPTS; the error is logged, never the mail's text.
 */
export async function deliverOwnerAccess(deps: OwnerAccessDeps, only?: number): Promise<Delivery> {
  const next = await claim(deps, only);
  if (next.kind === 'none') return 'none';
  if (next.kind === 'handled') return 'settled';
  try {
    await deps.mailer.send(next.mail);
  } catch (error) {
    deps.log?.error({ err: error }, 'temporary password mail failed');
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    if (next.attempts >= OWNER_ACCESS.maxAttempts) {
      await finish(deps.db, next, 'failed', reason);
    } else {
      await deps.db
        .updateTable('owner_access_mails')
        .set({
          last_error: reason,
          next_attempt_at: sql`now() + make_interval(secs => ${retryDelayMs(next.attempts) / 1000})`,
        })
        .where('id', '=', next.id)
        .where('attempts', '=', next.attempts)
        .where('status', '=', 'pending')
        .execute();
    }
    return 'refused';
  }
  await markSent(deps.db, next);
  return 'sent';
}

/** Handles the next due mail, if any: false when none is due. */
export const deliverNextOwnerAccess = async (deps: OwnerAccessDeps) =>
  (await deliverOwnerAccess(deps)) !== 'none';
