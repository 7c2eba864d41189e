// A failed query maps to the same answer on PGlite and PostgreSQL. The errors
// are raised by the database under test itself (RAISE ... USING ERRCODE), so the error objects
// are the driver's own.
import { MSG } from '@portal/contract/messages';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, masterHeaders, testConfig } from '../../test/helpers.ts';
import { pgUrl, usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/connection.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { installErrorHandler } from './error-handler.ts';

const UNAVAILABLE = ['57P01', '57P02', '57P03', '08000', '08003', '08006', '57014', '53300', '25006'];
const INVALID_TEXT = ['22021', '22P05'];
const INVALID_DATETIME = ['22007', '22008', '22009'];

describe('database errors', async () => {
  const t = await createTestApp();
  const app = Fastify();
  installErrorHandler(app);
  app.get<{ Params: { code: string } }>('/raise/:code', async (request) => {
    const code = request.params.code.replace(/[^0-9A-Z]/g, '');
    await sql
      .raw(`do $$ begin raise exception 'raised for a test' using errcode = '${code}'; end $$`)
      .execute(t.db);
  });
  await app.ready();

  it.each(UNAVAILABLE)('answers %s with 503 and Retry-After', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/raise/${code}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({ success: false, error: MSG.serviceUnavailable });
  });

  it.each(INVALID_TEXT)('answers %s (text the database cannot store) with 400', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/raise/${code}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: MSG.invalidRequestData });
  });

  it.each(INVALID_DATETIME)('answers %s (a date the database cannot read) with 400', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/raise/${code}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: MSG.invalidRequestData });
  });

  it('answers a NUL that reaches the database with 400 (the backstop behind the contract)', async () => {
    const nul = Fastify();
    installErrorHandler(nul);
    nul.get('/', async () => sql`select ${'a\u0000b'}::text`.execute(t.db));
    const res = await nul.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 500 for other database errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/raise/22012' }); // division_by_zero
    expect(res.statusCode).toBe(500);
  });

  it('recognises the driver errors that carry no SQLSTATE', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    for (const error of [
      refused,
      new AggregateError([refused], 'all addresses refused'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('PGlite is closed'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });

  it('answers every route with 503 while the database is closed, and /health too', async () => {
    const gone = await createTestApp();
    const master = await masterHeaders(gone);
    await gone.handle.close();
    for (const url of [
      '/health',
      '/master/business-data/api/v1/business-data',
      '/master/registration/api/v1/admin-registration/stats',
    ]) {
      const res = await gone.app.inject({ method: 'GET', url, headers: master });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBeDefined();
      expect(res.json(), url).toMatchObject({ success: false, error: MSG.serviceUnavailable });
    }
    const login = await gone.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'master', password: 'x' },
    });
    expect(login.statusCode).toBe(503);
  });

  // A primary demoted by a failover, or set read-only by its operator: every write fails with
  // read_only_sql_transaction until it is writable again.
  it.runIf(usePostgres())('answers a write to a read-only PostgreSQL with 503, not 500', async () => {
    const t = await createTestApp();
    const master = await masterHeaders(t);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    await sql`alter database ${sql.id(rows[0]!.name)} set default_transaction_read_only = on`.execute(t.db);
    // The setting reaches new connections only: an app on a pool of its own.
    const readOnly = openPostgres(pgUrl(rows[0]!.name), 3);
    const app = await buildApp({
      handle: readOnly,
      config: testConfig(),
      secrets: { jwtSecret: t.tokens.secret, masterPasswordHash: 'unused' },
      mailer: { send: async () => {} },
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/auth/logout', headers: master, payload: {} });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ success: false, error: MSG.serviceUnavailable });
    } finally {
      await app.close();
      await readOnly.close();
    }
  });
});
