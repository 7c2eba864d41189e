// npm run seed -- --businesses N [--seed S]
// Migrates the configured database (DATABASE_URL, or PGlite in DATA_DIR) and adds N seeded businesses.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../connection.ts';
import { migrate } from '../migrate.ts';
import { seedDatabase } from './seed.ts';

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, got '${text}'`);
  return value;
}

const { values } = parseArgs({
  options: { businesses: { type: 'string', short: 'n' }, seed: { type: 'string', short: 's' } },
});
const businesses = positiveInteger('businesses', values.businesses, 1000);
const seed = positiveInteger('seed', values.seed, 1);

const config = loadConfig();
// A large seed may run statements longer than the server allows itself (DB_STATEMENT_TIMEOUT_MS).
const handle = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
const write = (line: string) => process.stdout.write(`${line}\n`);
try {
  const applied = await migrate(handle);
  if (applied.length > 0) write(`migrations applied: ${applied.join(', ')}`);
  write(
    `seeding ${businesses.toLocaleString('en-US')} businesses (seed ${seed}) into ` +
      (config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`),
  );
  await seedDatabase(handle, { businesses, seed, log: write, connectionString: config.databaseUrl });
} finally {
  await handle.close();
}
