// The public rate limit holds across server processes. Two real server processes on one fresh
// PostgreSQL database, PUBLIC_RATE_LIMIT=10, requests alternating between them: the 11th gets 429.
// PostgreSQL only: runs in the PostgreSQL pass (TEST_DB=postgres with TEST_DATABASE_URL); the
// processes are started by the shared harness (test/server-processes.ts).
import { describe, expect, it } from 'vitest';
import { twoServers } from '../../test/server-processes.ts';

const LIMIT = 10;
const ROUTE = '/public/business-registration/api/v1/business-registration/health';

const servers = twoServers('portal_rl_', { PUBLIC_RATE_LIMIT: String(LIMIT) });

describe('public rate limit across processes', () => {
  it(`two processes on one PostgreSQL share one budget of ${LIMIT} per IP`, async (context) => {
    const origins = servers.origins(context);
    // Fixed one-minute windows: do not start in the last seconds of one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));

    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await fetch(`${origins[i % 2]}${ROUTE}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await res.json()).error).toBe('Too many requests. Please try again later.');
      }
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });
});
