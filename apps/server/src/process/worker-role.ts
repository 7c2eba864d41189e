// What the primary tells each worker it forks (environment variables), read back in the worker.
export const WORKER_ENV = {
  slot: 'PORTAL_WORKER_SLOT',
  poolSize: 'PORTAL_WORKER_POOL_SIZE',
  background: 'PORTAL_WORKER_BACKGROUND',
} as const;

export interface ServerRole {
  /** This process's main pool (PostgreSQL). */
  poolSize: number;
  /** Migrate, create the secrets, seed: done by the primary in a cluster. */
  prepare: boolean;
  /** Runs the periodic jobs (process/background.ts). */
  background: boolean;
  /** Shows the generated password and the banner (the primary does, in a cluster). */
  announce: boolean;
}

/** The role of a cluster worker, from what its primary gave it. */
export function workerRole(env: NodeJS.ProcessEnv = process.env): ServerRole {
  return {
    poolSize: Math.max(1, Number(env[WORKER_ENV.poolSize]) || 2),
    prepare: false,
    background: env[WORKER_ENV.background] === '1',
    announce: false,
  };
}
