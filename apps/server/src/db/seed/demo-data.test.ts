import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/test-db.ts';
import type { DatabaseHandle } from '../connection.ts';
import { loadDemoData } from './demo-data.ts';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

const businesses = async (handle: DatabaseHandle) =>
  Number((await sql<{ n: string }>`select count(*) as n from businesses`.execute(handle.db)).rows[0]!.n);

describe('the demo data loaded on start', () => {
  it('loads into an empty directory once: a restart with SEED_DEMO=true adds nothing', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const lines: string[] = [];
    expect(await loadDemoData(handle, 5, (line) => lines.push(line))).toBe(true);
    expect(await businesses(handle)).toBe(5);
    expect(await loadDemoData(handle, 5, (line) => lines.push(line))).toBe(false);
    expect(await businesses(handle)).toBe(5);
    expect(lines).toContain('demo data not loaded: the directory already has businesses');
  });

  it('leaves alone a directory whose only businesses are in the trash', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    await sql`insert into business_trash (business_id, business_registry_number, business_name, business_email,
        business_phone, deleted_by, business)
      values (7, 'REG000007', 'Café Sol', 'cafe@example.com', '7875550101', 'master', '{}'::jsonb)`.execute(
      handle.db,
    );
    expect(await loadDemoData(handle, 3, () => {})).toBe(false);
    expect(await businesses(handle)).toBe(0);
  });
});
