// The demo data set a server loads on start (SEED_DEMO, or a new embedded database): only into a
// directory with no businesses yet, so restarting with SEED_DEMO=true does not add the set again.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../connection.ts';
import { seedDatabase } from './seed.ts';

/** Seeds `businesses` demo businesses into a directory (and trash) with none; true when it did. */
export async function loadDemoData(
  handle: DatabaseHandle,
  businesses: number,
  log: (line: string) => void,
): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    select exists (select 1 from businesses) or exists (select 1 from business_trash) as taken`.execute(
    handle.db,
  );
  if (rows[0]?.taken) {
    log('demo data not loaded: the directory already has businesses');
    return false;
  }
  log(`seeding ${businesses} demo businesses`);
  await seedDatabase(handle, { businesses, seed: 1, log });
  return true;
}
