import { defineConfig } from 'vitest/config';

const MOCKING_MODULES = [
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
      {
        test: {
          ...server,
          name: 'server',
          exclude: MOCKING_MODULES,
          // The files share their workers' loaded modules: importing the app again for each of
          // ~90 files was half the suite's time. Each file still builds its own app and database.
          isolate: false,
        },
      },
      // vi.mock replaces a module for one file only if that file loads it first: these keep a
      // process of their own.
      { test: { ...server, name: 'server-mocks', include: MOCKING_MODULES } },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
