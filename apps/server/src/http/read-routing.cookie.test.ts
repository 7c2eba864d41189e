// The read-after cookie is only a hint of where to read: one a client garbled (bad percent-encoding,
// a made-up position) is read as no cookie, never as the server's own failure.
import Fastify from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ReplicaSet } from '../db/read-replicas.ts';
import { installErrorHandler } from './error-handler.ts';
import { installReadRouting, READ_AFTER_COOKIE } from './read-routing.ts';

const pool = {
  connect: async () => ({ query: async () => ({ rows: [{ lsn: '0/1' }] }), release: () => {} }),
} as unknown as pg.Pool;

describe('read-after cookie sent by the client', () => {
  const app = Fastify();
  installErrorHandler(app);
  installReadRouting(app, new ReplicaSet(pool, [], { maxLagMs: 5_000, connectTimeoutMs: 100 }));
  app.get('/read', async () => ({ success: true }));

  it.each(['%E0%A4%A', '%', '0%2', 'not-a-position', 'FFFFFFFFF/0'])(
    'reads %s as no cookie',
    async (value) => {
      const res = await app.inject({
        method: 'GET',
        url: '/read',
        headers: { cookie: `${READ_AFTER_COOKIE}=${value}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    },
  );
});
