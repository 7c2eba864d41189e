// How many server processes (WEB_CONCURRENCY) and how many PostgreSQL connections each one's pool
// gets (DB_POOL_SIZE is the total of them all): decided once, in the process `npm start` runs.
import type { AppConfig } from '../config.ts';

/** The smallest pool a server process gets: a request and a background job (or a session check). */
export const MIN_POOL_PER_WORKER = 2;
export const DEFAULT_DB_POOL_SIZE = 10;

export interface WorkerPlan {
  /** Server processes; 1 is the server alone, in this process, without node:cluster. */
  workers: number;
  /** Each server process's main pool (PostgreSQL); workers × poolPerWorker ≤ DB_POOL_SIZE. */
  poolPerWorker: number;
  /** Said in the log when WEB_CONCURRENCY was lowered to keep the pools within DB_POOL_SIZE. */
  note?: string;
}

/**
 * WEB_CONCURRENCY, or by default one process per core in production on PostgreSQL (`cores`:
 * os.availableParallelism()); always one on the embedded database (one process owns its files).
 * Each process's pool is an equal share of DB_POOL_SIZE, at least MIN_POOL_PER_WORKER: when the
 * total cannot give every process that much, fewer processes start.
 */
export function planWorkers(
  config: Pick<AppConfig, 'databaseUrl' | 'production' | 'webConcurrency' | 'dbPoolSize'>,
  cores: number,
): WorkerPlan {
  const total = config.dbPoolSize ?? DEFAULT_DB_POOL_SIZE;
  if (!config.databaseUrl) return { workers: 1, poolPerWorker: total };
  const wanted = config.webConcurrency ?? (config.production ? Math.max(1, cores) : 1);
  const fit = Math.max(1, Math.floor(total / MIN_POOL_PER_WORKER));
  const workers = Math.min(wanted, fit);
  const plan: WorkerPlan = { workers, poolPerWorker: Math.floor(total / workers) };
  if (workers < wanted) {
    plan.note =
      `${workers} server processes instead of ${wanted}: DB_POOL_SIZE=${total} gives each at least ` +
      `${MIN_POOL_PER_WORKER} connections (raise DB_POOL_SIZE for more)`;
  }
  return plan;
}
