// The client-side deadlines hold whatever the driver does: a query whose socket no longer fails it,
// or a pool that never lends a connection, still ends the request at the deadline.
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { connectWithin, releaseClient, withDeadline } from './postgres-pool.ts';

/** A checked-out client whose socket ignores destroy() (it had already closed) and its release. */
function deafClient() {
  const destroy = vi.fn();
  const release = vi.fn();
  const client = { connection: { stream: { destroy } }, release } as unknown as pg.PoolClient;
  return { client, destroy, release };
}

const never = () => new Promise<never>(() => {});

describe('database deadlines', () => {
  it('fails a query at its deadline even when destroying the socket fails nothing', async () => {
    const { client, destroy, release } = deafClient();
    const started = Date.now();
    await expect(withDeadline(client, 50, never())).rejects.toMatchObject({ code: 'DB_DEADLINE' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(destroy).toHaveBeenCalledTimes(1);
    releaseClient(client);
    expect(release).toHaveBeenCalledWith(true);
  });

  it('gives a query that answers in time back to the pool for reuse', async () => {
    const { client, destroy, release } = deafClient();
    await expect(withDeadline(client, 1_000, Promise.resolve('rows'))).resolves.toBe('rows');
    releaseClient(client);
    expect(destroy).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledWith(undefined);
  });

  it('stops waiting for a connection at its deadline, and closes one that arrives later', async () => {
    const late = deafClient();
    let lend: (client: pg.PoolClient) => void = () => {};
    const pool = {
      connect: () => new Promise<pg.PoolClient>((resolve) => (lend = resolve)),
    } as unknown as pg.Pool;
    await expect(connectWithin(pool, 50)).rejects.toMatchObject({ code: 'DB_DEADLINE' });
    lend(late.client);
    await new Promise((resolve) => setImmediate(resolve));
    expect(late.release).toHaveBeenCalledWith(true);
  });

  it('lends a connection the pool gives in time', async () => {
    const { client } = deafClient();
    const pool = { connect: async () => client } as unknown as pg.Pool;
    await expect(connectWithin(pool, 1_000)).resolves.toBe(client);
  });
});
