// Sign-in attempts kept in PostgreSQL, so every server process on one database sees the same
// counts (DESIGN §4: rate limit per IP, lockout per identifier). An attempt is reserved, as a
// failure, before its password is checked; parallel guesses therefore count against the limits
// before any of them is verified.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

const seconds = (value: number) => sql`(${value}::int * interval '1 second')`;

export interface LockRule {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

// Advisory lock namespaces (any constants; the migration lock is 724_110_001).
const IP_LOCK = 724_110_002;
const IDENTIFIER_LOCK = 724_110_003;

export type Reservation = { id: number } | { refused: 'ip' | 'identifier'; until: Date };

/**
 * Checks both limits and, when neither refuses, records the attempt as a failure, as one step:
 * a transaction holding an advisory lock on the address and then on the identifier (always in
 * that order, so two sign-ins cannot deadlock), which serialises the count-then-insert across
 * every server process on the database.
 */
export function reserveAttempt(
  db: Kysely<Database>,
  attempt: { identifier: string; ip: string },
  limits: { ipLimit: number; lock: LockRule },
): Promise<Reservation> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${attempt.ip}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${IDENTIFIER_LOCK}, hashtext(${attempt.identifier}))`.execute(trx);
    const ipUntil = await ipLockedUntil(trx, attempt.ip, limits.ipLimit, limits.lock.windowSeconds);
    if (ipUntil) return { refused: 'ip', until: ipUntil };
    const until = await lockedUntil(trx, attempt.identifier, limits.lock);
    if (until) return { refused: 'identifier', until };
    const row = await trx
      .insertInto('login_attempts')
      .values({ identifier: attempt.identifier, ip_address: attempt.ip, succeeded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

/** The password was right: the attempt becomes the identifier's last success. */
export async function markAttemptSucceeded(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', id).execute();
}

/** The attempt was not a guess after all (a not-active admin's right password, or our error). */
export async function releaseAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/**
 * When the address has `limit` failures within the window, the time enough of them leave it for
 * one more attempt; otherwise null (also when `limit` is 0: no limit).
 */
export async function ipLockedUntil(
  db: Kysely<Database>,
  ip: string,
  limit: number,
  windowSeconds: number,
): Promise<Date | null> {
  if (limit <= 0) return null;
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<Date>`attempted_at + ${seconds(windowSeconds)}`.as('until'))
    .where('ip_address', '=', ip)
    .where('succeeded', '=', false)
    .where('attempted_at', '>', sql<Date>`now() - ${seconds(windowSeconds)}`)
    .orderBy('attempted_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.until) : null;
}

/**
 * When the identifier is locked, the time the lock ends; otherwise null. A lock starts at the
 * failure that completes `maxFailures` failures within `windowSeconds` (counting only failures
 * after the identifier's last success) and lasts `lockSeconds`. Attempts refused while locked
 * are not recorded, so they do not extend the lock.
 */
export async function lockedUntil(
  db: Kysely<Database>,
  identifier: string,
  rule: LockRule,
): Promise<Date | null> {
  const result = await sql<{ locked_until: Date | null }>`
    with recent as (
      select attempted_at from login_attempts
      where identifier = ${identifier} and not succeeded
        and attempted_at > now() - ${seconds(rule.windowSeconds + rule.lockSeconds)}
        and attempted_at > coalesce(
          (select max(attempted_at) from login_attempts where identifier = ${identifier} and succeeded),
          '-infinity')
    ),
    lock_starts as (
      select r.attempted_at from recent r
      where (select count(*) from recent r2
             where r2.attempted_at <= r.attempted_at
               and r2.attempted_at > r.attempted_at - ${seconds(rule.windowSeconds)}) >= ${rule.maxFailures}
    )
    select locked_until from (
      select max(attempted_at) + ${seconds(rule.lockSeconds)} as locked_until from lock_starts
    ) lock where locked_until > now()
  `.execute(db);
  const until = result.rows[0]?.locked_until;
  return until ? new Date(until) : null;
}

/** Attempts older than a day no longer matter to any rule. */
export async function pruneAttempts(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
