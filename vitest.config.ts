import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The server files that spend longest waiting on real processes, outages and timers, longest
// first. Vitest orders a run it has no timings for (a fresh clone: CI) by file size, which left
// some of these last, running alone on an idle machine; started first, the others fill their waits.
const WAIT_LONGEST = [
  'db/outage.test.ts',
  'db/backup.test.ts',
  'db/seed/seed.test.ts',
  'http/operations.test.ts',
  'db/migrations.test.ts',
  'http/hostile-input.property.test.ts',
  'main-banner.test.ts',
  'main.test.ts',
].map((file) => `/apps/server/src/${file}`);

class WaitLongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = WAIT_LONGEST.findIndex((end) => file.moduleId.endsWith(end));
      return at === -1 ? WAIT_LONGEST.length : at;
    };
    // Each project's files stay together, as the base keeps them; within one, in the base's order.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((file) => file.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

// The server's test files share one module graph per worker process (isolate: false): importing
// the server afresh for each file was a third of the suite's time. A file that mocks a module
// (vi.mock, vi.doMock) needs its own graph, or the mock could leak into the next file or miss a
// module already loaded: those files, found by reading them, run isolated as the project
// 'server-mocks'. `--project 'server*'` runs both.
const SERVER_SRC = 'apps/server/src';
function testFilesMocking(folder: string, testFile: RegExp): string[] {
  return readdirSync(join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => testFile.test(file))
    .map((file) => `${folder}/${file.split(sep).join('/')}`)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(import.meta.dirname, file), 'utf8')));
}
const SERVER_MOCKS = testFilesMocking(SERVER_SRC, /\.test\.ts$/);
const server = {
  include: [`${SERVER_SRC}/**/*.test.ts`],
  globalSetup: ['apps/server/test/global-setup.ts'],
  setupFiles: ['apps/server/test/close-open-apps.ts'],
  // Some server tests create several fresh databases (each migrated from scratch): on a busy
  // 2-core machine that alone can take 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

// The same split for the portal's tests (root apps/web): without a fresh module graph per file they
// take a fifth to a quarter of the time; src/test/fresh-globals.ts clears what a file leaves behind.
const WEB_SRC = 'apps/web/src';
const WEB_MOCKS = testFilesMocking(WEB_SRC, /\.test\.tsx?$/).map((file) => file.slice('apps/web/'.length));
const web = {
  root: 'apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  // A file's first test compiles the lazy screens it opens: beside the server suite on two busy
  // cores that alone outlasted the 5 s default.
  testTimeout: 20_000,
  setupFiles: ['src/test/async-timeout.ts', 'src/test/fresh-globals.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; the server's tests mostly wait on the
    // database or on processes they start.
    maxWorkers: 3,
    sequence: { sequencer: WaitLongestFirst },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      { test: { ...server, name: 'server', exclude: SERVER_MOCKS, isolate: false } },
      { test: { ...server, name: 'server-mocks', include: SERVER_MOCKS } },
      {
        extends: 'apps/web/vite.config.ts',
        test: { ...web, name: 'web', exclude: WEB_MOCKS, isolate: false },
      },
      { extends: 'apps/web/vite.config.ts', test: { ...web, name: 'web-mocks', include: WEB_MOCKS } },
    ],
  },
});
