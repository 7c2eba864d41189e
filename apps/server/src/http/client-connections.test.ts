// What a client does with its connection is not the database's doing. A listening server (real
// sockets, not inject), its log lines captured.
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { MSG } from '@portal/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { freePort } from '../../test/own-postgres.ts';
import { freshDatabase } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type DatabaseHandle, openPostgres } from '../db/connection.ts';

const REQUEST_TIMEOUT_MS = 1_000;
const LOGIN_BODY = JSON.stringify({ email: 'nadie@correo.test', password: 'Clave#2026x' });

interface LogLine {
  level: number;
  msg: string;
}

async function listeningApp(handle: DatabaseHandle) {
  const lines: LogLine[] = [];
  const app = await buildApp({
    handle,
    config: testConfig({ requestTimeoutMs: REQUEST_TIMEOUT_MS, logLevel: 'debug' }),
    secrets: {
      jwtSecret: new TextEncoder().encode('client-connections-secret-123456789'),
      masterPasswordHash: 'x',
    },
    mailer: { send: async () => {} },
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  // An answer that takes several times REQUEST_TIMEOUT_MS to send, as a long CSV export does.
  app.get(
    '/test/slow-answer',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      let sent = 0;
      const body = new Readable({
        read() {
          setTimeout(() => this.push(sent++ < 6 ? `fila ${sent}\n` : null), REQUEST_TIMEOUT_MS / 2);
        },
      });
      return reply.type('text/csv').send(body);
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, handle, lines, port };
}

/** A raw connection, and everything the server sends on it until it closes. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

const loginHead = (length: number) =>
  `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('client connections (listening server)', () => {
  let server: Awaited<ReturnType<typeof listeningApp>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await freshDatabase();
    server = await listeningApp(handle);
  });

  afterAll(async () => {
    await server.app.close();
    await handle.close();
  });

  it('logs a client that hangs up mid-body at debug level, not as a database outage', async () => {
    const client = rawClient(server.port);
    await new Promise((resolve) => client.socket.once('connect', resolve));
    client.socket.write(loginHead(Buffer.byteLength(LOGIN_BODY)) + LOGIN_BODY.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.socket.destroy();
    // Whichever the server logs of it: the debug line, or (the bug) an outage warning.
    await until(() =>
      server.lines.some((line) => /^client closed the connection|database unavailable/.test(line.msg)),
    );

    const gone = server.lines.find((line) => line.msg.startsWith('client closed the connection'));
    expect(gone?.level).toBe(20); // pino's debug
    expect(server.lines.filter((line) => line.msg.includes('database unavailable'))).toEqual([]);
    expect(server.lines.filter((line) => line.level >= 40)).toEqual([]);
  }, 15_000);

  it('answers 408 to a client that trickles its body, and closes its connection', async () => {
    const client = rawClient(server.port);
    await new Promise((resolve) => client.socket.once('connect', resolve));
    client.socket.write(loginHead(Buffer.byteLength(LOGIN_BODY)));
    let sent = 0;
    const trickle = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(LOGIN_BODY.charAt(sent++));
    }, REQUEST_TIMEOUT_MS / 4);
    try {
      await client.closed; // the test's own timeout fails it if the server keeps the connection
    } finally {
      clearInterval(trickle);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(client.received().split('\r\n\r\n')[1] ?? '');
    expect(body).toMatchObject({ success: false, error: 'Request timeout', message: 'Request timeout' });
    expect(client.received()).toContain(
      `x-request-id: ${body.request_id}`.replace('x-request-id', 'X-Request-Id'),
    );
    expect(sent).toBeLessThan(LOGIN_BODY.length);
  }, 15_000);

  it('sends a long answer whole: the limit is on receiving the request', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/test/slow-answer`);
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split('\n')).toEqual([1, 2, 3, 4, 5, 6].map((n) => `fila ${n}`));
  });

  it('still warns of a real outage (a database that refuses connections), and answers 503', async () => {
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const down = await listeningApp(openPostgres(nowhere, 1, { connectTimeoutMs: 2_000 }));
    try {
      const res = await fetch(`http://127.0.0.1:${down.port}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: LOGIN_BODY,
      });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe(MSG.serviceUnavailable);
      const warning = down.lines.find((line) => line.msg === 'database unavailable: answering 503');
      expect(warning?.level).toBe(40); // pino's warn
    } finally {
      await down.app.close();
      await down.handle.close();
    }
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('defaults to 30 s, takes a whole number of ms (0: no limit), and refuses anything else', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '0' }).requestTimeoutMs).toBe(0);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5_000);
    for (const wrong of ['-1', '2.5', 'soon']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: wrong }), wrong).toThrow(ConfigError);
    }
  });
});
