// Migration 030 moves the sign-in lock releases of staff_action_logs (023) into staff_actions.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/test-db.ts';
import { listMigrations } from '../../db/migrate.ts';

describe('migration 030_staff_actions', async () => {
  const handle = await emptyDatabase();
  afterAll(() => handle.close());

  it('moves the logged lock releases into staff_actions and drops the old table', async () => {
    const migrations = listMigrations();
    const at = migrations.findIndex((migration) => migration.version === '030_staff_actions');
    for (const migration of migrations.slice(0, at)) await handle.exec(migration.script);
    await handle.exec(`
      INSERT INTO staff_action_logs
        (action, target_admin_id, target_identifier, details, changed_by, ip_address, user_agent, changed_at)
      VALUES ('release_login_lock', 7, 'ana@portal.test', '{"was_locked": true}', 'Master',
              '10.0.0.9', 'Navegador/1', '2026-03-01T12:00:00Z')`);
    await handle.exec(migrations[at]!.script);

    const rows = await sql<Record<string, unknown>>`select * from staff_actions`.execute(handle.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({
      action: 'release_login_lock',
      actor_role: 'master',
      actor_admin_id: null,
      actor_identifier: 'Master',
      target_kind: 'admin',
      target_admin_id: 7,
      details: { was_locked: true, target_identifier: 'ana@portal.test' },
      ip_address: '10.0.0.9',
      user_agent: 'Navegador/1',
    });
    expect(new Date(rows.rows[0]!.created_at as string).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    const old = await sql`select to_regclass('staff_action_logs') as t`.execute(handle.db);
    expect(old.rows[0]).toEqual({ t: null });
  });
});
