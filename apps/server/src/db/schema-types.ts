// Writes db/generated/tables.ts, Kysely's table types, from the schema the migrations build: a
// fresh in-memory PGlite is migrated with the project's own code, then introspected by
// kysely-codegen. `npm run db:types` regenerates; schema-types.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import { openPGlite } from './connection.ts';
import { migrate } from './migrate.ts';

export const GENERATED_TYPES_FILE = join(dirname(fileURLToPath(import.meta.url)), 'generated', 'tables.ts');

// The shapes parsers.ts gives: bigint and numeric as numbers, `date` and `time` as text,
// timestamps as Date.
const TYPE_MAPPING = { int8: 'number', time: 'string', timetz: 'string' };
// What the schema cannot say: JSON written as text and read back parsed, values a CHECK allows,
// columns the database computes.
const COLUMN_OVERRIDES: Record<string, string> = {
  'employees.employee_documents': 'ColumnType<string[], string | undefined, string>',
  'employees.employee_services': 'ColumnType<string[], string | undefined, string>',
  'subscriptions.provider_details': 'ColumnType<Record<string, unknown>, string | undefined, string>',
  'webhook_events.payload': 'ColumnType<unknown, string, string>',
  'sessions.login_type': "'admin' | 'master'",
  'businesses.business_registry_number': 'ColumnType<string, string | undefined, never>',
  'businesses.search_text': 'ColumnType<string, never, never>',
};

export async function generateTableTypes(): Promise<string> {
  const handle = await openPGlite();
  try {
    await migrate(handle);
    const source = await generate({
      db: handle.db,
      dialect: new PostgresDialect({ dateParser: 'string', numericParser: 'number' }),
      // The month partitions of the history tables (migration 047) are read through their tables.
      excludePattern: '{schema_migrations,*_[0-9][0-9][0-9][0-9]_[0-9][0-9],*_default}',
      outFile: null,
      typeMapping: TYPE_MAPPING,
      overrides: { columns: COLUMN_OVERRIDES },
    });
    return source;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_TYPES_FILE, await generateTableTypes());
  console.log(`wrote ${GENERATED_TYPES_FILE}`);
}
