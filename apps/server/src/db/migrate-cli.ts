import { loadConfig } from '../config.ts';
import { openDatabase } from './connection.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const handle = await openDatabase(config);
const applied = await migrate(handle);
process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
await handle.close();
