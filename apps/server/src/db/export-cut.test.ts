// An export whose connection ends mid-stream (the server ends its session with a FATAL:
// pg_terminate_backend, a shutdown, a standby's conflict with recovery) ends the download at once
// with that error, not at the statement deadline, and leaves no export connection busy. The app
// reads through a proxy that holds back the end of the server's side of a connection: the cursor
// is then closed before the socket is seen to end, an order a busy machine also shows.
import http from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, masterHeaders, type TestApp, testConfig } from '../../test/helpers.ts';
import { pgUrl, usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';

/** The statement deadline is 31 s: an export cut by its connection must end far sooner. */
const STATEMENT_TIMEOUT_MS = 30_000;
const WELL_BEFORE_DEADLINE_MS = 10_000;
const EXPORT = '/master/staff-audit/api/v1/staff-actions/export';
/** The export's cursor: its text, as the proxy sees it sent and pg_stat_activity shows it. */
const CURSOR_TEXT = 'select id, action, actor_role';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = WELL_BEFORE_DEADLINE_MS) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) if (await check()) return true;
  return false;
}

/** A field of an ErrorResponse: its type byte, then its text ended by a zero byte. */
const field = (type: string, text: string) => Buffer.from(`${type}${text}\0`);
/** What a standby sends a session it ends for a conflict with its recovery, as PostgreSQL 15 words it. */
const RECOVERY_CONFLICT = (() => {
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', '40001'),
    field('M', 'terminating connection due to conflict with recovery'),
    field('D', 'User was holding a relation lock for too long.'),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
})();
/** PortalSuspended: the end of a cursor's batch. */
const PORTAL_SUSPENDED = Buffer.from([0x73, 0, 0, 0, 4]);

/**
 * A proxy to PostgreSQL that passes the end of the server's side of a connection on only at
 * endHeld(). The export's connection (the last to send CURSOR_TEXT) can be held (its answers
 * kept back) or ended with a standby's FATAL.
 */
async function lateEndProxy(target: URL) {
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  let exporting: { client: Socket; upstream: Socket; waiting: boolean; at: number } | undefined;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const link = { client, upstream, waiting: false, at: 0 };
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(CURSOR_TEXT)) exporting = link;
      Object.assign(link, { waiting: false, at: Date.now() });
    });
    upstream.on('data', (chunk: Buffer) => {
      const waiting = chunk.subarray(-PORTAL_SUSPENDED.length).equals(PORTAL_SUSPENDED);
      Object.assign(link, { waiting, at: Date.now() });
    });
    client.pipe(upstream);
    upstream.pipe(client, { end: false });
    upstream.on('end', () => held.add(client)).on('error', () => held.add(client));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    /** Whether the export's cursor has had its last batch a while and waits for its reader. */
    exportWaits: () => exporting?.waiting === true && Date.now() - exporting.at > 300,
    /** The export's connection: the server's answers are kept back from now on. */
    holdExport: () => exporting!.upstream.unpipe(exporting!.client),
    /** Ends the export's session as a standby does for a conflict (its socket's end held). */
    endExportWithFatal: () => {
      const { client, upstream } = exporting!;
      upstream.unpipe(client);
      upstream.destroy();
      held.add(client);
      client.write(RECOVERY_CONFLICT);
    },
    /** Ends the export's server side (unanswered), and passes every held end on. */
    endHeld: () => {
      if (exporting) {
        exporting.upstream.destroy();
        held.add(exporting.client);
      }
      for (const client of held) client.end();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface LogLine {
  msg: string;
  err?: { code?: string; message?: string };
}

describe.runIf(usePostgres())('an export whose connection ends mid-stream', () => {
  let t: TestApp;
  let master: Headers;
  let proxy: Awaited<ReturnType<typeof lateEndProxy>>;
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    master = await masterHeaders(t);
    // About 40 MB of CSV: far more than the sockets hold, so a reader that stops stops the cursor.
    await sql`
      insert into staff_actions (action, actor_role, actor_identifier, target_kind, user_agent)
      select 'export_directory', 'master', 'Master User', 'directory', repeat('x', 2000)
        from generate_series(1, 10000)`.execute(t.db);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    proxy = await lateEndProxy(new URL(pgUrl(rows[0]!.name)));
    handle = openPostgres(proxy.url, 4, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    app = await buildApp({
      handle,
      config: testConfig(),
      secrets: { jwtSecret: t.tokens.secret, masterPasswordHash: 'unused' },
      mailer: { send: async () => {} },
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.close();
  });

  /** The export's backend, while it runs. */
  const cursorBackends = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
       where datname = current_database() and starts_with(query, ${CURSOR_TEXT})`.execute(t.db);
    return rows.map((row) => row.pid);
  };

  const busyExportConnections = () => {
    const stats = handle.exportPoolStats!();
    return stats.total - stats.idle;
  };

  /** A download under way, its first bytes in. `ended` says whether the response is over. */
  async function startDownload() {
    lines.length = 0;
    const request = http.get({ host: '127.0.0.1', port, path: EXPORT, headers: master });
    request.on('error', () => {});
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    let over = false;
    response.on('error', () => {});
    response.once('close', () => {
      over = true;
    });
    await new Promise((resolve) => response.once('data', resolve));
    return { request, response, ended: () => over };
  }

  /** A download whose reader stopped: the export's cursor waits for it. */
  async function stalledDownload() {
    const download = await startDownload();
    download.response.pause();
    expect(await until(proxy.exportWaits)).toBe(true);
    return download;
  }

  /** The codes of the errors logged. */
  const loggedCodes = () => lines.flatMap((line) => (line.err?.code ? [line.err.code] : []));

  it('ends at once when the server is told to end the export (pg_terminate_backend)', async () => {
    const download = await stalledDownload();
    const [pid] = await cursorBackends();
    expect(pid).toBeDefined();
    download.response.resume(); // the cursor reads again: the server ends it meanwhile
    await sql`select pg_terminate_backend(${pid}::int)`.execute(t.db);

    expect(await until(download.ended)).toBe(true);
    expect(download.response.complete).toBe(false);
    expect(await until(() => busyExportConnections() === 0)).toBe(true);
    expect(loggedCodes()).toContain('57P01');
    expect(loggedCodes()).not.toContain('DB_DEADLINE');
  });

  it('ends at once when the next read meets the FATAL a standby sent while the reader waited', async () => {
    const download = await stalledDownload();
    proxy.endExportWithFatal();
    download.response.resume();

    expect(await until(download.ended)).toBe(true);
    expect(download.response.complete).toBe(false);
    expect(await until(() => busyExportConnections() === 0)).toBe(true);
    expect(loggedCodes()).toContain('40001');
    expect(loggedCodes()).not.toContain('DB_DEADLINE');
  });

  it('frees the connection of a cancelled download as soon as that connection breaks', async () => {
    await stalledDownload().then(({ request }) => {
      // The server's answer to the cursor's close is kept back: the close waits for it.
      proxy.holdExport();
      request.destroy();
    });
    await sleep(300);
    expect(busyExportConnections()).toBe(1);

    proxy.endHeld();
    expect(await until(() => busyExportConnections() === 0)).toBe(true);
    expect(loggedCodes()).not.toContain('DB_DEADLINE');
  });
});
