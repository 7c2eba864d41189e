// An export that cannot read its first rows answers 503 before any 200 goes out; one that can
// streams every chunk. The audit row is written before the export starts.
import http from 'node:http';
import { MSG } from '@portal/contract/messages';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCsv } from './csv-stream.ts';
import { installErrorHandler } from './error-handler.ts';

const unavailable = () => Object.assign(new Error('the pool waited too long'), { code: '57P01' });

async function* rows(count: number, failAfterHeader = false) {
  yield 'id\n';
  if (failAfterHeader) throw unavailable();
  for (let i = 1; i <= count; i++) yield `${i}\n`;
}

function appWith(chunks: () => AsyncGenerator<string>) {
  const audited: string[] = [];
  const app = Fastify();
  installErrorHandler(app);
  app.get('/export', (_request, reply) =>
    sendCsv(reply, 'x.csv', chunks(), async () => {
      audited.push('export');
    }),
  );
  return { app, audited };
}

describe('sendCsv', () => {
  it('answers 503 with Retry-After (not a cut-off 200) when the first rows cannot be read', async () => {
    const { app, audited } = appWith(() => rows(3, true));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({ error: MSG.serviceUnavailable });
    expect(audited).toEqual(['export']); // the attempt
  });

  it('streams every chunk as a download after the audit row', async () => {
    const { app, audited } = appWith(() => rows(5));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="x.csv"');
    expect(res.body).toBe('id\n1\n2\n3\n4\n5\n');
    expect(audited).toEqual(['export']);
  });

  it('sends a header-only file for an export with no rows', async () => {
    const { app } = appWith(() => rows(0));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('id\n');
  });

  it('does not start the export when the audit row cannot be written', async () => {
    let started = false;
    async function* tracked() {
      started = true;
      yield* rows(3);
    }
    const app = Fastify();
    installErrorHandler(app);
    app.get('/export', (_request, reply) =>
      sendCsv(reply, 'x.csv', tracked(), async () => {
        throw unavailable();
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(503);
    expect(started).toBe(false);
  });
});

describe('sendCsv with a client that leaves', () => {
  /** Chunks that record whether the export was closed (its cursor's connection given back). */
  function trackedRows() {
    const state = { closed: false };
    async function* chunks() {
      try {
        yield 'id\n';
        for (let i = 1; i <= 100_000; i++) yield `${i},${'x'.repeat(200)}\n`;
      } finally {
        state.closed = true;
      }
    }
    return { state, chunks: chunks() };
  }

  async function listen(chunks: AsyncGenerator<string>, beforeSend: () => Promise<unknown>) {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/export', (_request, reply) => sendCsv(reply, 'x.csv', chunks, beforeSend));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, origin };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return check();
  };

  it('closes the export when the client leaves before the first rows are sent', async () => {
    const { state, chunks } = trackedRows();
    let leave = () => {};
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    // The audit row is written while the client hangs up.
    const { app, origin } = await listen(chunks, () => left);
    try {
      const request = http.get(`${origin}/export`);
      request.on('error', () => {});
      await new Promise((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      leave();
      expect(await until(() => state.closed)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('closes the export when the client leaves in the middle of the download', async () => {
    const { state, chunks } = trackedRows();
    const { app, origin } = await listen(chunks, async () => {});
    try {
      await new Promise<void>((resolve) => {
        const request = http.get(`${origin}/export`, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', () => {});
      });
      expect(await until(() => state.closed)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
