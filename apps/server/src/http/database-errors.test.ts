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
import {
  isDatabaseUnavailable,
  isStatementError,
  isTransactionConflict,
  spoilsConnection,
} from '../db/errors.ts';
import { installErrorHandler } from './error-handler.ts';

const UNAVAILABLE = ['57P01', '57P02', '57P03', '08000', '08003', '08006', '57014', '53300', '25006'];
/** deadlock_detected, serialization_failure, lock_not_available: the transaction lost to another. */
const CONFLICT = ['40P01', '40001', '55P03'];
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

  it.each(CONFLICT)(
    'answers %s (a transaction that lost to another) with 503 and Retry-After: 1',
    async (code) => {
      const res = await app.inject({ method: 'GET', url: `/raise/${code}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ success: false, error: MSG.serviceUnavailable });
    },
  );

  it('logs a deadlock as a warning naming its code, not as an unexpected error', async () => {
    const lines: { level: number; msg: string; code?: string; err?: unknown }[] = [];
    const logged = Fastify({
      logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line)) } },
    });
    installErrorHandler(logged);
    logged.get('/', async () =>
      sql.raw(`do $$ begin raise exception 'deadlock' using errcode = '40P01'; end $$`).execute(t.db),
    );
    const res = await logged.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const warning = lines.find((line) => line.code === '40P01');
    expect(warning).toMatchObject({ level: 40, msg: 'transaction conflict: answering 503' });
    expect(warning?.err).toBeUndefined();
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

  it('tells a transaction conflict, and an error that spoils its connection, from the rest', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of CONFLICT) {
      expect(isTransactionConflict(coded(code)), code).toBe(true);
      expect(isTransactionConflict(new Error('wrapped', { cause: coded(code) })), code).toBe(true);
      // The database is answering: a bulk action goes on, an import retries the batch.
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
      expect(spoilsConnection(coded(code)), code).toBe(false);
    }
    for (const code of ['25006', '57P01', '08006', '08P01'])
      expect(spoilsConnection(coded(code)), code).toBe(true);
    for (const code of ['57014', '23505', '0A000']) expect(spoilsConnection(coded(code)), code).toBe(false);
    expect(isTransactionConflict(coded('23505'))).toBe(false);
    // An error of the statement's values or text, not of the database (batched-reads.ts).
    for (const code of ['22012', '22P02', '42883', '42P01'])
      expect(isStatementError(coded(code)), code).toBe(true);
    for (const code of ['57014', '57P01', '08006', '23505', 'DB_DEADLINE'])
      expect(isStatementError(coded(code)), code).toBe(false);
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

  it.runIf(usePostgres())('answers the loser of a real deadlock 503; its write changes nothing', async () => {
    await sql`create table deadlock_test (id int primary key, written_by int)`.execute(t.db);
    await sql`insert into deadlock_test values (1, null), (2, null)`.execute(t.db);
    let arrived = 0;
    let bothHold!: () => void;
    const holding = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    const racing = Fastify();
    installErrorHandler(racing);
    // Each request locks its own row, waits until the other holds its row, then takes the other's.
    racing.post<{ Params: { first: string } }>('/deadlock/:first', async (request) => {
      const first = Number(request.params.first);
      await t.db.transaction().execute(async (trx) => {
        await sql`update deadlock_test set written_by = ${first} where id = ${first}`.execute(trx);
        if (++arrived === 2) bothHold();
        await holding;
        await sql`update deadlock_test set written_by = ${first} where id = ${3 - first}`.execute(trx);
      });
      return { success: true };
    });
    try {
      const answers = await Promise.all(
        ['1', '2'].map((first) => racing.inject({ method: 'POST', url: `/deadlock/${first}` })),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 503]);
      const loser = answers.find((res) => res.statusCode === 503)!;
      expect(loser.headers['retry-after']).toBe('1');
      expect(loser.json()).toMatchObject({ success: false, error: MSG.serviceUnavailable });
      const winner = answers.indexOf(answers.find((res) => res.statusCode === 200)!) + 1;
      const rows = await sql<{
        written_by: number;
      }>`select written_by from deadlock_test order by id`.execute(t.db);
      expect(rows.rows).toEqual([{ written_by: winner }, { written_by: winner }]);
    } finally {
      await sql`drop table deadlock_test`.execute(t.db);
    }
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
