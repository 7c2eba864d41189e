// Issue #14 item 4: the public rate limit holds across server processes. Two real server processes
// on one fresh PostgreSQL database, PUBLIC_RATE_LIMIT=10, requests alternating between them: the
// 11th gets 429. Needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432); skipped, saying so,
// when none answers. The processes are started by the shared harness (test/server-processes.ts).
import { describe, expect, it } from 'vitest';
import {
  postgresReachable,
  type ServerProcess,
  scratchDatabase,
  startServers,
  stopServer,
} from '../../test/server-processes.ts';
import { pgUrl } from '../../test/test-db.ts';

const LIMIT = 10;
const ROUTE = '/public/business-registration/api/v1/business-registration/health';

describe('public rate limit across processes', () => {
  it(`two processes on one PostgreSQL share one budget of ${LIMIT} per IP`, {
    timeout: 120_000,
  }, async (context) => {
    const serverUrl = pgUrl();
    if (!(await postgresReachable(serverUrl))) {
      context.skip(`PostgreSQL not reachable at ${new URL(serverUrl).host}: the two-process test needs one`);
    }
    const database = await scratchDatabase('portal_rl_');
    let servers: ServerProcess[] = [];
    try {
      servers = await startServers(database.url, 2, { PUBLIC_RATE_LIMIT: String(LIMIT) }, []);

      // Fixed one-minute windows: do not start in the last seconds of one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));

      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await fetch(`${servers[i % 2]!.url}${ROUTE}`);
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect((await res.json()).error).toBe('Too many requests. Please try again later.');
        }
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    } finally {
      await Promise.all(servers.map(stopServer));
      await database.drop();
    }
  });
});
