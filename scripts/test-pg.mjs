// Runs the server suite again on a real PostgreSQL when TEST_DATABASE_URL is set (DESIGN §7).
// TEST_PG_NODE: the Node binary to run it on (CI gives Node 24, the target, while the machine's Node
// ran the suite on PGlite); first on PATH too, so the processes the tests start run on it as well.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('TEST_DATABASE_URL is not set: the server suite ran on PGlite only.\n');
  process.exit(0);
}
const node = process.env.TEST_PG_NODE || process.execPath;
const env = { ...process.env, TEST_DB: 'postgres' };
if (process.env.TEST_PG_NODE) env.PATH = `${dirname(node)}:${process.env.PATH ?? ''}`;
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
process.stdout.write(`The server suite on PostgreSQL, on Node ${version ?? '?'}\n`);
const vitest = join(import.meta.dirname, '..', 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(node, [vitest, 'run', '--project', 'server*'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
