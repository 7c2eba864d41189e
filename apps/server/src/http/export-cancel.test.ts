// A cancelled or broken download frees its database connection at once: the client
// stops reading a long COPY export (PostgreSQL is then blocked sending it), then goes away; the
// COPY must leave pg_stat_activity and the export pool must have its connections again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, masterHeaders } from '../../test/helpers.ts';
import { usePostgres } from '../../test/test-db.ts';

const ROWS = 100_000; // ~18 MB of CSV: far more than the sockets between them hold

async function until(check: () => Promise<boolean>, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe.runIf(usePostgres())('a cancelled export on PostgreSQL', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  // Without the statement timeout of the app's pool: the triggers make this a long insert.
  await t.handle.exec(`
    insert into businesses (business_name, business_owner, business_email, business_phone, business_category)
    select 'Largo ' || i, 'Dueño ' || i, 'l' || i || '@cancel.test', '626' || lpad(i::text, 7, '0'), 'Largos'
      from generate_series(1, ${ROWS}) as i`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;

  /** The COPY statements running, counted by their client connection (parallel workers aside), and all. */
  const copies = async () => {
    const result = await sql<{ clients: number; all: number }>`
      select count(*) filter (where backend_type = 'client backend')::int as clients, count(*)::int as all
        from pg_stat_activity
       where datname = current_database() and query ilike 'COPY (%' and state = 'active'`.execute(t.db);
    return result.rows[0]!;
  };

  it('ends the COPY and frees the connection when the client leaves mid-download', async () => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: '/master/business-data/api/v1/business-data/export?all=true',
      headers: master,
    });
    request.on('error', () => {});
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once('data', resolve));
    response.pause(); // a slow client: the COPY waits for it
    expect(await until(async () => (await copies()).clients === 1)).toBe(true);

    request.destroy();
    expect(await until(async () => (await copies()).all === 0)).toBe(true);
    const pool = t.handle.exportPoolStats!();
    expect(pool.total - pool.idle).toBe(0);

    // Both connections of the export pool serve whole exports again.
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'GET',
          url: '/master/business-data/api/v1/business-data/export?category=Largos&limit=5',
          headers: master,
        }),
      ),
    );
    expect(first!.statusCode).toBe(200);
    expect(second!.body.split('\r\n')).toHaveLength(7);
  });
});
