// The portal's build as `npm start` runs it: Vite's listing of every file (about 80 lines) and the
// route-size report are kept back, so that the generated master password and the address to open
// stay the last lines a newcomer sees; `npm run build` still prints all of it. A failed build shows
// its whole output.
import { spawnSync } from 'node:child_process';

const WEB_BUILD = ['npm', ['run', 'build', '-w', 'apps/web']];
// One line of Vite's listing: a path, then its size ("12.34 kB │ gzip: 4.56 kB").
const LISTED_FILE = /\d kB\s+│/;

/** The one line that stands for a successful build's output. */
export function buildSummary(output) {
  const files = output.split('\n').filter((line) => LISTED_FILE.test(line)).length;
  return `Portal construido: ${files} archivos en apps/web/dist (la lista completa: npm run build).\n`;
}

/**
 * Runs the build with its output held back; writes the summary line (or, when the build fails,
 * its whole output) with `write`. Returns the build's exit status.
 */
export function buildPortalQuietly({
  cwd,
  command = WEB_BUILD,
  write = (text) => void process.stderr.write(text),
}) {
  const [file, args] = command;
  const result = spawnSync(file, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    write(output);
    if (result.error) write(`${result.error.message}\n`);
    return result.status || 1;
  }
  write(buildSummary(output));
  return 0;
}
