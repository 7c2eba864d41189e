// `npm start`: build the portal when it is missing or older than its sources, then run the server in
// this same process (so SIGTERM and SIGINT reach it: `exec` in package.json lets npm forward them).
// With NODE_ENV=production nothing is built here: `npm run build` did it (the server from dist/).
// With WEB_DIST set the server serves that folder, and the portal in apps/web is left alone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildPortalQuietly } from './portal-build.mjs';
import { runServerEntry } from './run-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(web, 'src'), join(web, 'index.html'), join(root, 'packages/contract/src')];
const stale =
  process.env.NODE_ENV !== 'production' &&
  !process.env.WEB_DIST &&
  (!existsSync(builtIndex) ||
    sources.some(
      (path) =>
        (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs) >
        statSync(builtIndex).mtimeMs,
    ));

if (stale) {
  // On stderr: stdout carries only the server's log lines. One summary line, not Vite's listing.
  process.stderr.write('Construyendo el portal...\n');
  const status = buildPortalQuietly({ cwd: root });
  if (status !== 0) process.exit(status);
}

await runServerEntry('main');
