// The routing pool and an export's COPY stream (routing-pool.ts), without servers: a read the
// replica fails before its answer runs again on the primary and counts there only; an export whose
// replica fails goes to the primary only if it has sent nothing yet.
import Fastify from 'fastify';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sendCsv } from '../http/csv-stream.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import type { Replica } from './read-replicas.ts';
import { replicaOrPrimary, routingPool } from './routing-pool.ts';

describe('reads counted by the routing pool', () => {
  const recoveryConflict = () =>
    Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });

  /** A pool whose reads go to one replica answering `fromReplica`; the primary answers 'primary'. */
  function setup(fromReplica: () => Promise<unknown>) {
    const replica = { name: 'replica' } as Replica;
    const replicas = {
      forRequest: () => replica,
      readFailed: () => true,
      markDown: () => {},
      shuttingDown: false,
      reads: { primary: 0, replica: 0 },
    };
    const client = (query: () => Promise<unknown>) =>
      ({ query, release: () => {} }) as unknown as PostgresPoolClient;
    const pool = (query: () => Promise<unknown>): PostgresPool => ({
      connect: async () => client(query),
      end: async () => {},
    });
    const routed = routingPool(
      pool(async () => ({ rows: ['primary'] })),
      replicas,
      () => ({}) as pg.Pool,
      () => pool(fromReplica),
    );
    return { replicas, routed };
  }

  it('counts a read the primary ran again, after the replica failed it, once: as primary', async () => {
    const { replicas, routed } = setup(() => Promise.reject(recoveryConflict()));
    const read = await routed.connect();
    expect(await read.query('select 1', [])).toEqual({ rows: ['primary'] });
    read.release();
    expect(replicas.reads).toEqual({ primary: 1, replica: 0 });
  });

  it('counts a read the replica answered as replica', async () => {
    const { replicas, routed } = setup(async () => ({ rows: ['replica'] }));
    const read = await routed.connect();
    expect(await read.query('select 1', [])).toEqual({ rows: ['replica'] });
    read.release();
    expect(replicas.reads).toEqual({ primary: 0, replica: 1 });
  });
});

describe('an export read from a replica', () => {
  const restarted = () => Object.assign(new Error('terminating connection'), { code: '57P01' });

  /** One replica always in use; records which streams were read and whether it was marked down. */
  function setup(replicaChunks: () => AsyncGenerator<string>) {
    const replica = { name: 'replica' } as Replica;
    const state = { down: false, primaryRead: false };
    const replicas = {
      forRequest: () => replica,
      readFailed: () => {
        state.down = true;
        return true;
      },
      reads: { primary: 0, replica: 0 },
    };
    async function* primary() {
      state.primaryRead = true;
      for (let i = 1; i <= 3; i++) yield `${i}\n`;
    }
    return { state, replicas, chunks: () => replicaOrPrimary(replicas, replicaChunks, primary) };
  }

  async function* failingAfter(sent: number) {
    for (let i = 1; i <= sent; i++) yield `${i}\n`;
    throw restarted();
  }

  it('fails, without starting over on the primary, when the replica fails after sending rows', async () => {
    const { state, replicas, chunks } = setup(() => failingAfter(2));
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of chunks()) got.push(chunk);
      })(),
    ).rejects.toMatchObject({ code: '57P01' });
    expect(got).toEqual(['1\n', '2\n']);
    expect(state).toEqual({ down: true, primaryRead: false });
    expect(replicas.reads).toEqual({ primary: 0, replica: 1 });
  });

  it('reads the whole export from the primary when the replica fails before its first rows', async () => {
    const { state, replicas, chunks } = setup(() => failingAfter(0));
    const got: string[] = [];
    for await (const chunk of chunks()) got.push(chunk);
    expect(got).toEqual(['1\n', '2\n', '3\n']);
    expect(state).toEqual({ down: true, primaryRead: true });
    expect(replicas.reads).toEqual({ primary: 1, replica: 0 });
  });

  it('ends the download as failed, not as a complete file, when the replica fails mid-way', async () => {
    const { chunks } = setup(() => failingAfter(5));
    const app = Fastify();
    installErrorHandler(app);
    app.get('/export', (_request, reply) => sendCsv(reply, 'x.csv', chunks(), async () => {}));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${origin}/export`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
