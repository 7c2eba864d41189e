// Sign-in attempts kept in PostgreSQL, so every server process on one database sees the same
// counts (DESIGN §4). Three rules (docs/decisions/003-login-lockout.md):
//   per IP                LOGIN_IP_LIMIT failures in the window: that address waits (429)
//   per (identifier, IP)  5 failures in 15 minutes lock that identifier from that address only
//   per identifier        past a ceiling of failures from all addresses, a growing delay between
//                         attempts (at most a minute), never a lock a stranger can set
// An attempt is reserved, as a failure, before its password is checked; parallel guesses therefore
// count against the limits before any of them is verified.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

const seconds = (value: number) => sql`(${value}::int * interval '1 second')`;

export interface LockRule {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** The per-identifier ceiling: past `slowAfter` failures in the window, attempt k past it must
 * come 2^k seconds (at most `maxDelaySeconds`) after the previous failure. */
export interface SlowRule {
  slowAfter: number;
  windowSeconds: number;
  maxDelaySeconds: number;
  /** An address the identifier signed in from within this many days is not slowed (its own rules still hold). */
  trustedDays: number;
}

// Advisory lock namespaces (any constants; the migration lock is 724_110_001).
const IP_LOCK = 724_110_002;
const IDENTIFIER_LOCK = 724_110_003;

export type Reservation = { id: number } | { refused: 'ip' | 'identifier' | 'slowed'; until: Date };

/**
 * Checks the three rules and, when none refuses, records the attempt as a failure, as one step:
 * a transaction holding an advisory lock on the address and then on the identifier (always in
 * that order, so two sign-ins cannot deadlock), which serialises the count-then-insert across
 * every server process on the database.
 */
export function reserveAttempt(
  db: Kysely<Database>,
  attempt: { identifier: string; ip: string },
  limits: { ipLimit: number; lock: LockRule; slow: SlowRule },
): Promise<Reservation> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${attempt.ip}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${IDENTIFIER_LOCK}, hashtext(${attempt.identifier}))`.execute(trx);
    const ipUntil = await ipLockedUntil(trx, attempt.ip, limits.ipLimit, limits.lock.windowSeconds);
    if (ipUntil) return { refused: 'ip', until: ipUntil };
    const until = await lockedUntil(trx, attempt.identifier, limits.lock, attempt.ip);
    if (until) return { refused: 'identifier', until };
    const slowUntil = await slowedUntil(trx, attempt.identifier, limits.slow);
    // A stranger's guesses from many addresses must not keep the owner waiting at an address they
    // signed in from before: there rules 1 and 2 still bound the guesses.
    if (slowUntil && !(await signedInFrom(trx, attempt, limits.slow.trustedDays)))
      return { refused: 'slowed', until: slowUntil };
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
 * When the identifier is locked for the address `ip`, the time the lock ends; otherwise null.
 * Without `ip`, the end of the latest lock of the identifier from any address (what the master
 * sees in admin-lockout). A lock starts at the failure that completes `maxFailures` failures from
 * one address within `windowSeconds` (counting only failures after the identifier's last success
 * from that address: the owner signing in elsewhere does not give the guesser a new budget) and
 * lasts `lockSeconds`. Attempts refused while locked are not recorded, so they
 * do not extend the lock.
 */
export async function lockedUntil(
  db: Kysely<Database>,
  identifier: string,
  rule: LockRule,
  ip?: string,
): Promise<Date | null> {
  const result = await sql<{ locked_until: Date | null }>`
    with recent as (
      select f.ip_address, f.attempted_at from login_attempts f
      where f.identifier = ${identifier} and not f.succeeded
        and (${ip ?? null}::text is null or f.ip_address = ${ip ?? null}::text)
        and f.attempted_at > now() - ${seconds(rule.windowSeconds + rule.lockSeconds)}
        and f.attempted_at > coalesce(
          (select max(s.attempted_at) from login_attempts s
           where s.identifier = ${identifier} and s.succeeded and s.ip_address is not distinct from f.ip_address),
          '-infinity')
    ),
    lock_starts as (
      select r.attempted_at from recent r
      where (select count(*) from recent r2
             where r2.ip_address is not distinct from r.ip_address
               and r2.attempted_at <= r.attempted_at
               and r2.attempted_at > r.attempted_at - ${seconds(rule.windowSeconds)}) >= ${rule.maxFailures}
    )
    select locked_until from (
      select max(attempted_at) + ${seconds(rule.lockSeconds)} as locked_until from lock_starts
    ) lock where locked_until > now()
  `.execute(db);
  const until = result.rows[0]?.locked_until;
  return until ? new Date(until) : null;
}

/**
 * The per-identifier ceiling: when the identifier has at least `slowAfter` failures from all
 * addresses within the window (a success does not reset it: the owner signing in must not hand a
 * distributed guesser a new budget), the time the next attempt may come;
 * otherwise null. The wait doubles with each failure past the ceiling, up to `maxDelaySeconds`.
 */
export async function slowedUntil(
  db: Kysely<Database>,
  identifier: string,
  rule: SlowRule,
): Promise<Date | null> {
  const result = await sql<{ failures: string | number; last: Date | null; now: Date }>`
    select count(*) as failures, max(attempted_at) as last, now() as now from login_attempts
    where identifier = ${identifier} and not succeeded
      and attempted_at > now() - ${seconds(rule.windowSeconds)}
  `.execute(db);
  const row = result.rows[0];
  const failures = Number(row?.failures ?? 0);
  if (!row?.last || failures < rule.slowAfter) return null;
  const delaySeconds = Math.min(2 ** (failures - rule.slowAfter), rule.maxDelaySeconds);
  const until = new Date(new Date(row.last).getTime() + delaySeconds * 1000);
  return until > new Date(row.now) ? until : null;
}

/** Whether the identifier signed in from the address within `days` days. */
async function signedInFrom(db: Kysely<Database>, attempt: { identifier: string; ip: string }, days: number) {
  const row = await db
    .selectFrom('login_attempts')
    .select('id')
    .where('identifier', '=', attempt.identifier)
    .where('ip_address', '=', attempt.ip)
    .where('succeeded', '=', true)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Failures older than a day no longer matter to any rule; successes are kept for `trustedDays`
 * (the addresses the slowdown spares).
 */
export async function pruneAttempts(db: Kysely<Database>, trustedDays: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where((eb) =>
      eb.or([
        eb.and([eb('attempted_at', '<', sql<Date>`now() - interval '1 day'`), eb('succeeded', '=', false)]),
        eb('attempted_at', '<', sql<Date>`now() - make_interval(days => ${trustedDays})`),
      ]),
    )
    .execute();
}
