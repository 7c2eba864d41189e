import { defineConfig } from 'vitest/config';

// The server's test files share one module graph per worker process (isolate: false): importing
// the server afresh for each file was a third of the suite's time. A file that mocks a module
// (vi.mock) needs its own graph, or the mock could leak into the next file or miss a module
// already loaded: those run isolated, as the project 'server-mocks'. `--project 'server*'` runs both.
const SERVER_MOCKS = [
  'apps/server/src/auth/login.race.test.ts',
  'apps/server/src/modules/email-change/email-change.race.test.ts',
  'apps/server/src/openapi.test.ts',
];
const server = {
  include: ['apps/server/src/**/*.test.ts'],
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Some server tests create several fresh databases (each migrated from scratch): on a busy
  // 2-core machine that alone can take 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; the server's tests mostly wait on the
    // database or on processes they start.
    maxWorkers: 3,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      { test: { ...server, name: 'server', exclude: SERVER_MOCKS, isolate: false } },
      { test: { ...server, name: 'server-mocks', include: SERVER_MOCKS } },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
