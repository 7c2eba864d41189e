// Reads from streaming replicas (DATABASE_REPLICA_URL), without ever showing a person less than
// they just wrote:
// - a poller asks each replica how far it has replayed (pg_last_wal_replay_lsn) and the primary how
//   far it has written (pg_current_wal_lsn), a few times a second, so routing a read costs no query;
// - a request that wrote leaves the primary's WAL position after its write (a cookie, and a map by
//   session for API clients without cookies); that session's reads go to the primary until a
//   replica has replayed past it, not for a fixed time window;
// - a replica's lag is the age of the newest primary position it has replayed, counted when a read
//   is routed: it grows between checks and while the primary's position cannot be read;
// - a replica that does not answer, or is more than REPLICA_MAX_LAG_MS behind, is skipped until the
//   poller sees it back; a read that cannot connect to it within DB_CONNECT_TIMEOUT_MS goes to the
//   primary instead;
// - once a replica is known down (the poller's check on a connection of its own went unanswered,
//   or a read's connection broke), the reads still waiting on it are cut (DB_REPLICA_DOWN) and run
//   again on the primary, unless they had received rows or were inside a transaction: a frozen
//   replica (sockets open, nothing answers) holds no read for the statement deadline;
// - a read the replica cancels for a conflict with its recovery (its replay needed what the read
//   held) runs again on the primary on the same terms; the replica stays in use, its other reads go
//   on. A read cancelled at statement_timeout is not run again: it would take as long there.
// Where each read runs, and its move to the primary, is routing-pool.ts.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors.ts';
import { connectWithin, interruptPool, releaseClient, withDeadline } from './postgres-pool.ts';

/** A WAL position as PostgreSQL writes it ('16/B374D848'), as a number that compares. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** What a request may read from a replica: everything its session wrote must be replayed there. */
export interface ReadScope {
  /** The WAL position the session's last write reached (0n: nothing to wait for). */
  readAfter: bigint;
}

/** The request being answered (set by the app's hook), read by the routing pool. */
export const readScope = new AsyncLocalStorage<ReadScope>();

/** A position no replica reaches: the session reads from the primary. */
export const PRIMARY_ONLY = 0xffffffffffffffffn;

export interface ReplicaStatus {
  name: string;
  up: boolean;
  lag_ms: number | null;
  replayed_lsn: string | null;
  in_use: boolean;
}

export interface Replica {
  name: string;
  pool: pg.Pool;
  /** For exports: a longer statement_timeout, like the primary's export pool. */
  exportPool: pg.Pool;
  /** One connection for the poller's checks: a replica busy with reads is not taken for down. */
  probePool: pg.Pool;
  up: boolean;
  replayed: bigint;
  /** It has replayed everything the primary had written by this time (null: not known). */
  currentAt: number | null;
}

/** Primary WAL positions seen by the poller, oldest first, to tell how far behind a replica is. */
interface Sample {
  at: number;
  lsn: bigint;
}

export interface ReplicaSetOptions {
  maxLagMs: number;
  connectTimeoutMs: number;
  pollEveryMs?: number;
}

const DEFAULT_POLL_MS = 200;
const MAX_SESSIONS = 10_000;

/** A replica's address without its credentials (logs, /health/ready, /metrics). */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'replica';
  }
}

export class ReplicaSet {
  private readonly replicas: Replica[];
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private next = 0;
  /** Sessions' last writes, for API clients that do not send the cookie back; oldest first. */
  private readonly sessions = new Map<string, { lsn: bigint; at: number }>();
  /** Reads answered by each target (routing-pool.ts): each read once, where it ended. */
  readonly reads = { primary: 0, replica: 0 };
  /** Set by interrupt(): a read cut from now on is not run again on the primary. */
  private interrupted = false;

  constructor(
    private readonly primary: pg.Pool,
    pools: { name: string; pool: pg.Pool; exportPool: pg.Pool; probePool: pg.Pool }[],
    private readonly options: ReplicaSetOptions,
  ) {
    this.replicas = pools.map((pools) => ({ ...pools, up: false, replayed: 0n, currentAt: null }));
  }

  get maxLagMs(): number {
    return this.options.maxLagMs;
  }

  start(): void {
    const tick = () => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        if (this.timer) this.timer = setTimeout(tick, this.options.pollEveryMs ?? DEFAULT_POLL_MS).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.polling;
    await Promise.all(
      this.replicas.flatMap((replica) =>
        [replica.pool, replica.exportPool, replica.probePool].map((pool) => pool.end().catch(() => {})),
      ),
    );
  }

  /** Fails every replica connection now, as DatabaseHandle.interrupt does the primary's. */
  interrupt(): void {
    this.interrupted = true;
    for (const replica of this.replicas) {
      for (const pool of [replica.pool, replica.exportPool, replica.probePool]) interruptPool(pool);
    }
  }

  /** One round: the primary's position, then each replica's. */
  async poll(): Promise<void> {
    const now = Date.now();
    const primaryLsn = await this.position(this.primary, 'select pg_current_wal_lsn()::text as lsn');
    if (primaryLsn !== undefined) {
      this.samples.push({ at: now, lsn: primaryLsn });
      const keepFrom = now - Math.max(this.options.maxLagMs * 2, 10_000);
      while (this.samples.length > 2 && this.samples[0]!.at < keepFrom) this.samples.shift();
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        const replayed = await this.position(
          replica.probePool,
          'select pg_last_wal_replay_lsn()::text as lsn',
        );
        if (replayed === undefined) {
          this.cutOff(replica);
          replica.currentAt = null;
          return;
        }
        replica.replayed = replayed;
        replica.currentAt = this.sampledBefore(replayed);
        replica.up = true;
      }),
    );
  }

  /** The time of the newest sample `replayed` has passed: each is read after its time, so the
   * replica has every commit made before it. */
  private sampledBefore(replayed: bigint): number | null {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      if (this.samples[i]!.lsn <= replayed) return this.samples[i]!.at;
    }
    return null;
  }

  /** How far behind the primary the replica may be now (null: not known). */
  private lagOf(replica: Replica, now: number): number | null {
    return replica.up && replica.currentAt !== null ? now - replica.currentAt : null;
  }

  private inUse(replica: Replica, now: number): boolean {
    const lag = this.lagOf(replica, now);
    return lag !== null && lag <= this.options.maxLagMs;
  }

  private async position(pool: pg.Pool, text: string): Promise<bigint | undefined> {
    let client: pg.PoolClient | undefined;
    try {
      client = await connectWithin(pool, this.options.connectTimeoutMs);
      const answer = await withDeadline(client, this.options.connectTimeoutMs, client.query(text));
      releaseClient(client);
      return parseLsn((answer.rows[0] as { lsn?: string } | undefined)?.lsn);
    } catch {
      client?.release(true);
      return undefined;
    }
  }

  /** A replica that has replayed past `readAfter` and is not too far behind, taken in turn. */
  pick(readAfter: bigint): Replica | undefined {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (!this.inUse(replica, now) || replica.replayed < readAfter) continue;
      this.next = (this.next + i + 1) % this.replicas.length;
      return replica;
    }
    return undefined;
  }

  /** The replica the current request may read from, if any (see readScope). */
  forRequest(): Replica | undefined {
    const scope = readScope.getStore();
    return scope ? this.pick(scope.readAfter) : undefined;
  }

  markDown(replica: Replica): void {
    replica.up = false;
  }

  /** Takes the replica out of use and fails the reads still waiting on it, for the primary. */
  private cutOff(replica: Replica): void {
    this.markDown(replica);
    if (this.interrupted) return;
    interruptPool(replica.pool, replicaDownError);
    interruptPool(replica.exportPool, replicaDownError);
  }

  /**
   * A read on `replica` failed: whether it may run again on the primary (if it had received
   * nothing and was in no transaction there). A failure that says the replica is gone (errors.ts:
   * unavailable) takes it out of use and cuts its other reads; a statement cancelled at
   * statement_timeout is not run again (it would take as long on the primary); one cancelled for
   * a conflict with the replica's recovery is, and the replica, which is fine, stays in use.
   */
  readFailed(replica: Replica, error: unknown): boolean {
    if (isRecoveryConflict(error)) return !this.interrupted;
    if (!isConnectionFailure(error)) return false;
    this.markDown(replica);
    if (!isDatabaseUnavailable(error)) return false;
    if (codeOf(error) !== REPLICA_DOWN) this.cutOff(replica);
    return !this.interrupted;
  }

  /** Our own shutdown has begun (interrupt): nothing more goes to the primary in a read's place. */
  get shuttingDown(): boolean {
    return this.interrupted;
  }

  /**
   * The primary's WAL position now (after a request's writes), or undefined if it cannot tell. The
   * insert position: with synchronous_commit off, the write position can be short of a commit.
   */
  currentLsn(): Promise<bigint | undefined> {
    return this.position(this.primary, 'select pg_current_wal_insert_lsn()::text as lsn');
  }

  rememberWrite(sessionId: string, lsn: bigint): void {
    const now = Date.now();
    this.sessions.delete(sessionId); // to the end, so that the map stays in write order
    this.sessions.set(sessionId, { lsn, at: now });
    for (const [id, write] of this.sessions) {
      if (this.sessions.size <= MAX_SESSIONS && !this.outlived(write.at, now)) break;
      this.sessions.delete(id);
    }
  }

  /** A write this old is on every replica in use: one further behind is not read from. */
  private outlived(at: number, now: number): boolean {
    return now - at > this.options.maxLagMs;
  }

  /** The last write position this process saw for a session that still matters (0n: none). */
  writeOf(sessionId: string | undefined): bigint {
    const write = sessionId ? this.sessions.get(sessionId) : undefined;
    return write && !this.outlived(write.at, Date.now()) ? write.lsn : 0n;
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    return this.replicas.map((replica) => ({
      name: replica.name,
      up: replica.up,
      lag_ms: this.lagOf(replica, now),
      replayed_lsn: replica.up ? formatLsn(replica.replayed) : null,
      in_use: this.inUse(replica, now),
    }));
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

const REPLICA_DOWN = 'DB_REPLICA_DOWN';
const STATEMENT_TIMEOUT = '57014';

/**
 * 'canceling statement due to conflict with recovery': the replica's replay needed a lock the read
 * held or rows it still saw (TRUNCATE, ALTER, DROP, VACUUM on the primary), and
 * max_standby_streaming_delay passed. serialization_failure, or deadlock_detected for a deadlock
 * with the replay. A read on a hot standby gets neither for any other reason (it writes nothing,
 * and serializable does not run there); the code holds whatever language lc_messages speaks.
 */
const RECOVERY_CONFLICT = new Set(['40001', '40P01']);

const isRecoveryConflict = (error: unknown) => RECOVERY_CONFLICT.has(codeOf(error) as string);

/** What the reads of a replica known down are cut with ('Connection terminated': a 503 if it stands). */
export const replicaDownError = () =>
  Object.assign(new Error('Connection terminated: the read replica stopped answering'), {
    code: REPLICA_DOWN,
  });

/** Our own shutdown cut the connection (interrupt): the primary must not take the read over. */
export const isShutdown = (error: unknown) => codeOf(error) === 'DB_SHUTDOWN';

/**
 * Connection-level failures: the replica is gone (not a query the replica refused). A statement
 * cancelled at statement_timeout (57014) says only that the statement was slow: the replica answered.
 */
export const isConnectionFailure = (error: unknown) => {
  if (isShutdown(error)) return false;
  const code = codeOf(error);
  if (code === STATEMENT_TIMEOUT) return false;
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|57|53)/.test(code);
};
