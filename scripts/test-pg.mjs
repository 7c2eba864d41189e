// Runs the server suite again on a real PostgreSQL when TEST_DATABASE_URL is set (DESIGN §7).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('TEST_DATABASE_URL is not set: the server suite ran on PGlite only.\n');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server*'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
