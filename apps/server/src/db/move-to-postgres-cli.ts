// `npm run move-to-postgres -- <postgres-url>`: copies the embedded database (DATA_DIR, server
// stopped) into a new, empty PostgreSQL database; then start the server with DATABASE_URL set.
import { loadConfig } from '../config.ts';
import { MoveError, moveToPostgres } from './move-to-postgres.ts';

const [targetUrl] = process.argv.slice(2);
try {
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    throw new MoveError('usage: npm run move-to-postgres -- postgres://user:password@host:5432/database');
  }
  const { dataDir } = loadConfig();
  const report = await moveToPostgres(dataDir, targetUrl);
  const target = new URL(targetUrl);
  target.password = target.password ? '***' : '';
  for (const { table, rows } of report.tables) process.stdout.write(`${table}: ${rows} rows\n`);
  process.stdout.write(
    `moved ${dataDir} to ${target} (triggers kept off with ${report.triggersOff}). ` +
      `Start the server with DATABASE_URL set to it; ${dataDir} is left as it was.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
