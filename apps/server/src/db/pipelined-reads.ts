// The reads of readDb (the directory, the business page, content lookups, history, the audit) are
// single statements outside any transaction, so they need no connection of their own: they share
// a few connections in node-postgres's pipeline mode, each statement written as soon as it comes
// and answered in order (each ends with its own Sync, so one that fails leaves the others alone).
// A request waits for no free connection, and one that reads several things at once sends them
// together (docs/performance.md, "Pipelined reads at 1M"). Text searches, which take up to a good
// part of a second, go to the pool (`elsewhere`): on a shared connection every statement written
// after one waits for it.
// Reads of a statement marked batchable that arrive while it runs are sent together as one
// (batched-reads.ts). A statement marked planned once runs with plan_cache_mode =
// force_generic_plan, any other with PostgreSQL's default (planned-once.ts): a connection is
// switched, in the same pipeline, only when the next statement needs the other mode. A statement
// marked for it gets its timestamps as ISO 8601 text (iso-timestamps.ts).
// Faults are handled as in postgres-pool.ts:
// - opening a connection is bounded by the connect timeout;
// - a connection whose server has not answered anything for the statement deadline while
//   statements wait on it (frozen: the socket stays open, nothing comes back) is destroyed and
//   every statement on it fails at once with DB_DEADLINE; the next read opens a new one;
// - interrupt() fails everything now (shutdown).
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { isBatchable, ReadBatches } from './batched-reads.ts';
import { hasTimestampsAsText, TIMESTAMPS_AS_TEXT } from './iso-timestamps.ts';
import { isPlannedOnce } from './planned-once.ts';
import {
  clientConfig,
  deadlineError,
  destroySocket,
  isStalePlan,
  isTextSearch,
  namedQuery,
  type PreparedStatements,
  shutdownError,
} from './postgres-pool.ts';

export interface PipelineSettings {
  connections: number;
  /** Opening a connection (0: no limit). */
  connectTimeoutMs: number;
  /** statement_timeout on the server (0: none). */
  statementTimeoutMs: number;
  /** How long statements may wait with no answer from the server before it is given up (0: never). */
  deadlineMs: number;
  /** Where text searches run. */
  elsewhere: PostgresPool;
}

interface Waiting {
  fail(error: Error): void;
}

/** One shared connection: opened when first needed, replaced after it breaks. */
interface Slot {
  client?: pg.Client;
  opening?: Promise<pg.Client>;
  /** Statements written or about to be, not yet answered. */
  waiting: Set<Waiting>;
  /** When the server last answered on it, or when it last went from idle to busy. */
  progressAt: number;
}

export interface PipelinedPool extends PostgresPool {
  /** Fails every statement now and closes the connections (a shutdown that cannot wait). */
  interrupt(): void;
  /** Connections open, statements waiting on them, and reads sent together (batched-reads.ts). */
  stats(): { connections: number; waiting: number; batches: number; batchedReads: number };
}

/** How a statement runs: planned once (planned-once.ts), and with which parsers (iso-timestamps.ts). */
interface ReadMode {
  once: boolean;
  types: pg.CustomTypesConfig | undefined;
}

const readMode = (text: string): ReadMode => ({
  once: isPlannedOnce(text),
  types: hasTimestampsAsText(text) ? TIMESTAMPS_AS_TEXT : undefined,
});

const holding = new WeakSet<pg.Client>();
/** The connections now planning their statements once (a new connection plans for the values). */
const plannedOnce = new WeakSet<pg.Client>();
const PLAN_ONCE = "select set_config('plan_cache_mode', 'force_generic_plan', false)";
const PLAN_FOR_VALUES = "select set_config('plan_cache_mode', 'auto', false)";

/**
 * These connections carry short reads only (searches go elsewhere). A batched statement's cost
 * estimate grows with the reads it carries, and past jit_above_cost or the parallel thresholds
 * PostgreSQL would spend tens of milliseconds compiling it or starting workers for a statement
 * that takes one (batched-reads.ts).
 */
const SHORT_READS =
  "select set_config('jit', 'off', false), set_config('max_parallel_workers_per_gather', '0', false)";

/** Statements written in the same turn of the event loop leave in one write to the socket. */
function holdWrites(client: pg.Client): void {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
    .connection?.stream;
  if (!stream?.cork || !stream.uncork || holding.has(client)) return;
  holding.add(client);
  stream.cork();
  setImmediate(() => {
    holding.delete(client);
    stream.uncork?.();
  });
}

export function pipelinedPool(
  connectionString: string,
  settings: PipelineSettings,
  prepared: PreparedStatements,
): PipelinedPool {
  const slots: Slot[] = Array.from({ length: Math.max(1, settings.connections) }, () => ({
    waiting: new Set<Waiting>(),
    progressAt: 0,
  }));
  let ended = false;

  /** Drops a slot's connection and fails what waits on it. */
  function giveUp(slot: Slot, error: Error): void {
    const client = slot.client;
    slot.client = undefined;
    slot.opening = undefined;
    if (client) destroySocket(client, error);
    for (const each of [...slot.waiting]) each.fail(error);
    slot.waiting.clear();
  }

  function open(slot: Slot): Promise<pg.Client> {
    if (slot.client) return Promise.resolve(slot.client);
    if (slot.opening) return slot.opening;
    const client = new pg.Client({
      ...clientConfig(connectionString, settings),
      pipeline: true,
    } as pg.ClientConfig);
    const forget = () => {
      if (slot.client === client) slot.client = undefined;
    };
    // The statements running on a broken connection get the error themselves (a 503 each).
    client.on('error', forget);
    client.on('end', forget);
    const opening = client.connect().then(
      () => {
        if (slot.opening !== opening) {
          // Given up (deadline, shutdown) while it opened: the statements waiting on it have failed.
          client.end().catch(() => {});
          throw deadlineError('Database connection closed while it opened');
        }
        slot.opening = undefined;
        slot.client = client;
        // Not waited for: the statements written after it run after it on this connection.
        client.query(SHORT_READS).catch(() => {});
        return client;
      },
      (error: Error) => {
        if (slot.opening === opening) slot.opening = undefined;
        // node-postgres's own connect timeout says only 'timeout expired', with no code.
        if ((error as { code?: unknown }).code !== undefined) throw error;
        throw Object.assign(deadlineError(`No database connection: ${error.message}`), { cause: error });
      },
    );
    slot.opening = opening;
    return opening;
  }

  /** The slot with the fewest statements waiting (ties: the first). */
  function leastBusy(): Slot {
    let best = slots[0]!;
    for (const slot of slots) if (slot.waiting.size < best.waiting.size) best = slot;
    return best;
  }

  /** Switches the connection's plan mode for the statement written next, if it needs the other. */
  function planAs(client: pg.Client, once: boolean): void {
    if (plannedOnce.has(client) === once) return;
    // Not waited for: it runs before the statement written after it.
    client.query(once ? PLAN_ONCE : PLAN_FOR_VALUES).catch(() => {});
    if (once) plannedOnce.add(client);
    else plannedOnce.delete(client);
  }

  async function send(client: pg.Client, text: string, values: unknown[] | undefined, mode: ReadMode) {
    holdWrites(client);
    planAs(client, mode.once);
    const name = prepared.nameFor(text);
    if (!name) return client.query({ text, values, types: mode.types });
    try {
      return await namedQuery(client, name, text, values, mode.types);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      prepared.drop(text);
      planAs(client, mode.once);
      return client.query({ text, values, types: mode.types });
    }
  }

  function query(text: string, values: unknown[] | undefined, mode: ReadMode): Promise<pg.QueryResult> {
    if (ended) return Promise.reject(shutdownError());
    const slot = leastBusy();
    if (slot.waiting.size === 0) slot.progressAt = Date.now();
    return new Promise((resolve, reject) => {
      let settled = false;
      const waiting: Waiting = {
        fail: (error) => {
          if (settled) return;
          settled = true;
          slot.waiting.delete(waiting);
          reject(error);
        },
      };
      slot.waiting.add(waiting);
      open(slot)
        .then((client) => send(client, text, values, mode))
        .then(
          (result) => {
            slot.progressAt = Date.now();
            if (settled) return;
            settled = true;
            slot.waiting.delete(waiting);
            resolve(result);
          },
          (error: Error) => {
            slot.progressAt = Date.now();
            waiting.fail(error);
          },
        );
    });
  }

  async function runElsewhere(text: string, values: readonly unknown[] | undefined) {
    const client = await settings.elsewhere.connect();
    try {
      return await client.query(text, values ?? []);
    } finally {
      client.release();
    }
  }

  // One timer for all the connections, instead of one per statement.
  const watchdog =
    settings.deadlineMs > 0
      ? setInterval(
          () => {
            const now = Date.now();
            for (const slot of slots) {
              if (slot.waiting.size > 0 && now - slot.progressAt > settings.deadlineMs) {
                giveUp(slot, deadlineError(`Database did not answer within ${settings.deadlineMs} ms`));
              }
            }
          },
          Math.min(250, Math.max(10, Math.floor(settings.deadlineMs / 4))),
        )
      : undefined;
  watchdog?.unref();

  // A batch is sent as its reads' statement is marked (`marked`: the text before batching).
  const batches = new ReadBatches((text, values, marked) => query(text, values, readMode(marked)));

  const client: PostgresPoolClient = {
    query: ((text: string, values?: readonly unknown[]) => {
      if (typeof text !== 'string') throw new Error('Cursors do not run on pipelined connections');
      if (isTextSearch(text)) return runElsewhere(text, values);
      if (isBatchable(text)) return batches.query(text, (values ?? []) as unknown[]);
      return query(text, values as unknown[] | undefined, readMode(text));
    }) as unknown as PostgresPoolClient['query'],
    release: () => {},
  };

  return {
    connect: async () => client,
    end: async () => {
      ended = true;
      clearInterval(watchdog);
      const open = slots.map((slot) => slot.client).filter((each) => each !== undefined);
      for (const slot of slots) {
        slot.client = undefined;
        slot.opening = undefined;
      }
      await Promise.all(open.map((each) => each.end().catch(() => {})));
    },
    interrupt: () => {
      for (const slot of slots) giveUp(slot, shutdownError());
    },
    stats: () => ({
      connections: slots.filter((slot) => slot.client).length,
      waiting: slots.reduce((sum, slot) => sum + slot.waiting.size, 0),
      batches: batches.counts.batches,
      batchedReads: batches.counts.reads,
    }),
  };
}
