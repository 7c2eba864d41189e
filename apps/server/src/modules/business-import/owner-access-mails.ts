// The temporary-password mails of an import's 'Enviar acceso a los dueños' (owner_access_mails):
// queued in the batch that creates the businesses, sent by the import worker of any process. Each
// try takes one due row with FOR UPDATE SKIP LOCKED, gives the business a new temporary password
// and commits, then sends; a mail the server refused is tried again later (1 min, doubling to
// 1 hour), and after MAX_ATTEMPTS tries it is 'failed' until staff ask again. A process that dies
// after sending and before saving 'sent' sends a second mail after the lease: the owner then has
// two, and the later one's password is the one that works.
import { generateTemporaryPassword } from '@portal/contract/password-generator';
import { type Kysely, sql, type Transaction } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { setActor } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { temporaryPasswordMail } from '../public-registration/public-registration.service.ts';

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

/** Queues one mail per created business, in the batch's transaction. */
export async function queueOwnerAccess(trx: Transaction<Database>, importId: string, businessIds: number[]) {
  if (businessIds.length === 0) return;
  await trx
    .insertInto('owner_access_mails')
    .values(businessIds.map((business_id) => ({ import_id: importId, business_id })))
    .execute();
}

/** Each import's mails by status, as a correlated subquery of `business_imports`. */
export const ownerAccessCounts = sql<OwnerAccessCounts>`(
  select jsonb_build_object(
           'sent', count(*) filter (where m.status = 'sent'),
           'pending', count(*) filter (where m.status = 'pending'),
           'failed', count(*) filter (where m.status = 'failed'),
           'cancelled', count(*) filter (where m.status = 'cancelled'))
    from owner_access_mails m
   where m.import_id = business_imports.import_id)`;

/** Puts an import's failed mails back in the queue, due now; how many. */
export async function retryFailedOwnerAccess(db: Kysely<Database>, importId: string) {
  const result = await db
    .updateTable('owner_access_mails')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, last_error: null })
    .where('import_id', '=', importId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

interface Claimed {
  id: number;
  business_id: number;
  attempts: number;
  issued_hash: string | null;
  created_by: string;
  ip_address: string | null;
}

type Try =
  | { kind: 'none' }
  | { kind: 'handled' }
  | { kind: 'send'; id: number; attempts: number; mail: Mail };
type Mail = Parameters<Mailer['send']>[0];

/** Takes the next due mail and gives its business a new temporary password (one transaction). */
async function claimNext(deps: OwnerAccessDeps): Promise<Try> {
  const leaseMs = deps.mailLeaseMs ?? OWNER_ACCESS.leaseMs;
  return deps.db.transaction().execute(async (trx): Promise<Try> => {
    const claimed = (
      await sql<Claimed>`
        update owner_access_mails m
           set attempts = m.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
          from business_imports i
         where m.id = (select id from owner_access_mails
                        where status = 'pending' and next_attempt_at <= now()
                        order by next_attempt_at, id
                        limit 1
                          for update skip locked)
           and i.import_id = m.import_id
        returning m.id, m.business_id, m.attempts, m.issued_hash, i.created_by, i.ip_address`.execute(trx)
    ).rows[0];
    if (!claimed) return { kind: 'none' };
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
    await setActor(trx, {
      changedBy: `${claimed.created_by} (importación)`,
      ip: claimed.ip_address,
      userAgent: 'importación',
    });
    await trx
      .updateTable('businesses')
      .set({ password_hash: hash, must_change_password: true })
      .where('id', '=', claimed.business_id)
      .execute();
    await trx
      .updateTable('owner_access_mails')
      .set({ issued_hash: hash })
      .where('id', '=', claimed.id)
      .execute();
    return {
      kind: 'send',
      id: claimed.id,
      attempts: claimed.attempts,
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
  // Not a try: restored just now (due again at once), or in the trash (looked at again later).
  const wait = where.listed ? 0 : OWNER_ACCESS.trashWaitMs / 1000;
  await trx
    .updateTable('owner_access_mails')
    .set({ attempts: claimed.attempts - 1, next_attempt_at: sql`now() + make_interval(secs => ${wait})` })
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

const retryDelayMs = (attempts: number) =>
  Math.min(OWNER_ACCESS.longestRetryMs, OWNER_ACCESS.firstRetryMs * 2 ** Math.max(0, attempts - 1));

/**
 * Handles the next due mail, if any: false when none is due. A send that fails is tried again
 * later, or is 'failed' after MAX_ATTEMPTS; the error is logged, never the mail's text.
 */
export async function deliverNextOwnerAccess(deps: OwnerAccessDeps): Promise<boolean> {
  const next = await claimNext(deps);
  if (next.kind === 'none') return false;
  if (next.kind === 'handled') return true;
  try {
    await deps.mailer.send(next.mail);
  } catch (error) {
    deps.log?.error({ err: error }, 'import: temporary password mail failed');
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
    return true;
  }
  await finish(deps.db, next, 'sent', null);
  return true;
}
