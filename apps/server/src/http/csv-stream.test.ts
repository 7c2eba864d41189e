// An export that cannot read its first rows answers 503 before any 200 goes out; one that can
// streams every chunk. The audit row is written before the export starts.
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
