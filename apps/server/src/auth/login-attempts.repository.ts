// Sign-in attempts kept in PostgreSQL, so every server process on one database sees the same
// counts (DESIGN §4: rate limit per IP, lockout per identifier).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

const seconds = (value: number) => sql`(${value}::int * interval '1 second')`;

export async function recordAttempt(
  db: Kysely<Database>,
  attempt: { identifier: string; ip: string; succeeded: boolean },
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ identifier: attempt.identifier, ip_address: attempt.ip, succeeded: attempt.succeeded })
    .execute();
}

/** Failed sign-ins from one address within the window (successes do not reset these). */
export async function recentIpFailures(db: Kysely<Database>, ip: string, windowSeconds: number) {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('ip_address', '=', ip)
    .where('succeeded', '=', false)
    .where('attempted_at', '>', sql<Date>`now() - ${seconds(windowSeconds)}`)
    .executeTakeFirstOrThrow();
  return Number(row.failures);
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
  rule: { maxFailures: number; windowSeconds: number; lockSeconds: number },
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
