// Where each read runs, once read-replicas.ts has said which replica (if any) the request may read
// from: the pool a reading Kysely connects through, and the stream of an export's COPY. A read the
// replica fails before it got an answer runs again on the primary when ReplicaSet.readFailed says
// it may (never inside a transaction begun on the replica, never once rows were received). Each
// read is counted once (ReplicaSet.reads, db_reads_total), under the target that answered it.
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { TRANSACTION_END, TRANSACTION_START } from './postgres-pool.ts';
import { isShutdown, type Replica, type ReplicaSet } from './read-replicas.ts';

/**
 * A stream (an export's COPY) from a replica the request may read from, else from the primary.
 * A replica that fails before its first chunk (also one cut off as frozen) leaves the whole
 * stream to the primary; one that fails after it ends the stream with its error: the chunks
 * already sent would be sent again.
 */
export async function* replicaOrPrimary<T>(
  replicas: Pick<ReplicaSet, 'forRequest' | 'readFailed' | 'reads'>,
  fromReplica: (replica: Replica) => AsyncGenerator<T>,
  fromPrimary: () => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const replica = replicas.forRequest();
  if (replica) {
    const chunks = fromReplica(replica);
    let sent = false;
    try {
      const first = await chunks.next();
      replicas.reads.replica++;
      if (first.done) return;
      sent = true;
      yield first.value;
      yield* chunks;
      return;
    } catch (error) {
      if (!replicas.readFailed(replica, error) || sent) throw error;
    } finally {
      await chunks.return(undefined);
    }
  }
  replicas.reads.primary++;
  yield* fromPrimary();
}

/**
 * The pool a reading Kysely gets: a connection from a replica when the request may read there,
 * else `primary` (the primary's own Kysely pool). `poolOf` names which of the replica's pools.
 * The replicas' pools are ended by ReplicaSet.stop, the primary's by its own Kysely.
 */
export function routingPool(
  primary: PostgresPool,
  replicas: Pick<ReplicaSet, 'forRequest' | 'readFailed' | 'markDown' | 'shuttingDown' | 'reads'>,
  poolOf: (replica: Replica) => pg.Pool,
  wrap: (pool: pg.Pool) => PostgresPool,
): PostgresPool {
  const wrapped = new Map<pg.Pool, PostgresPool>();
  const kyselyOf = (pool: pg.Pool) => {
    let kysely = wrapped.get(pool);
    if (!kysely) {
      kysely = wrap(pool);
      wrapped.set(pool, kysely);
    }
    return kysely;
  };
  const onPrimary = () => {
    replicas.reads.primary++;
    return primary.connect();
  };
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      const replica = replicas.forRequest();
      if (replica) {
        try {
          const client = await kyselyOf(poolOf(replica)).connect();
          return failingOver(client, {
            failed: (error) => replicas.readFailed(replica, error),
            primary: onPrimary,
            answered: () => replicas.reads.replica++,
          });
        } catch (error) {
          if (isShutdown(error) || replicas.shuttingDown) throw error;
          replicas.markDown(replica);
        }
      }
      return onPrimary();
    },
    end: async () => {},
  };
}

interface FailOver {
  /** Whether the read that failed with this error may run again on the primary. */
  failed: (error: unknown) => boolean;
  /** A client on the primary (called once, when the first read moves there). */
  primary: () => Promise<PostgresPoolClient>;
  /** The client is given back having stayed on the replica: the replica answered its reads. */
  answered: () => void;
}

/**
 * A replica's client whose reads run again on the primary when the replica fails before they got
 * an answer (`failed` says whether they may): a statement, or a cursor before its first rows, and
 * every statement after it on the same client. Never inside a transaction begun on the replica:
 * the primary's rows would mix with the replica's snapshot, so the failure stands (a 503).
 */
function failingOver(
  replica: PostgresPoolClient,
  { failed, primary, answered }: FailOver,
): PostgresPoolClient {
  let inTransaction = false;
  let moved: Promise<PostgresPoolClient> | undefined;
  const onPrimary = () => {
    moved ??= primary();
    return moved;
  };
  const query = (text: string, parameters: readonly unknown[]) => {
    const began = inTransaction;
    if (TRANSACTION_START.test(text)) inTransaction = true;
    else if (TRANSACTION_END.test(text)) inTransaction = false;
    if (moved) return moved.then((client) => client.query(text, parameters));
    return replica.query(text, parameters).catch(async (error: unknown) => {
      if (!failed(error) || began) throw error;
      return (await onPrimary()).query(text, parameters);
    });
  };
  const cursor = <R>(submitted: PostgresCursor<R>): PostgresCursor<R> => {
    const began = inTransaction;
    let current: PostgresCursor<R> | Promise<PostgresCursor<R>> = moved
      ? moved.then((client) => client.query(submitted))
      : replica.query(submitted);
    let onReplica = !moved;
    let received = false;
    return {
      read: async (rows: number) => {
        try {
          const got = await (await current).read(rows);
          received = true;
          return got;
        } catch (error) {
          if (!onReplica || !failed(error) || received || began) throw error;
          onReplica = false;
          const { text, values } = submitted as unknown as { text: string; values?: unknown[] };
          const again = new Cursor(text, values) as unknown as PostgresCursor<R>;
          current = onPrimary().then((client) => client.query(again));
          return (await current).read(rows);
        }
      },
      close: async () => (await current).close(),
    };
  };
  return {
    query: ((text: string | PostgresCursor<unknown>, parameters: readonly unknown[]) =>
      typeof text === 'string' ? query(text, parameters) : cursor(text)) as PostgresPoolClient['query'],
    release: () => {
      if (!moved) answered();
      replica.release();
      moved?.then(
        (client) => client.release(),
        () => {},
      );
    },
  };
}
