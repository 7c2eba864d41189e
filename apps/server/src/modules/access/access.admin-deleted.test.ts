// The master deletes an admin right after the admin's own write on an access record commits: the
// write was made, so it answers 200 with the record as it left it, not a 500 for a record gone.
import { ACCESS_MESSAGES } from '@portal/contract/access';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import type { Actor } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { changeAccess, createDefaultAccess } from './access.service.ts';

/** The database, with the admin deleted as soon as each transaction has committed. */
function deletingAdminAfterCommit(db: Kysely<Database>, adminId: number): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'transaction') {
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return () => ({
        execute: async <T>(work: Parameters<ReturnType<Kysely<Database>['transaction']>['execute']>[0]) => {
          const result = (await target.transaction().execute(work)) as T;
          await target.deleteFrom('admins').where('admin_id', '=', adminId).execute();
          return result;
        },
      });
    },
  });
}

describe('an access write whose admin is deleted as it commits', async () => {
  const t = await createTestApp();

  async function setUp() {
    const { admin, session } = await createAdmin(t);
    const registry = (await createBusiness(t)).business_registry_number;
    const caller = {
      loginType: 'admin' as const,
      adminId: admin.admin_id,
      sessionId: session.sessionId,
      email: admin.admin_email,
      actor: admin.admin_email,
      expiresAt: new Date(Date.now() + 60_000),
      masterKeyHash: null,
    };
    const actor: Actor = {
      changedBy: admin.admin_email,
      ip: null,
      userAgent: null,
      staff: { role: 'admin', adminId: admin.admin_id },
    };
    return { caller, actor, registry, db: deletingAdminAfterCommit(t.db, admin.admin_id) };
  }

  it('answers a toggle with the record as the toggle left it', async () => {
    const { caller, actor, registry, db } = await setUp();
    await createDefaultAccess(t.db, actor, caller, registry, false);
    const answer = await changeAccess(
      db,
      actor,
      caller,
      { registry, adminId: 'current_user' },
      { access_type: 'qr_access', new_value: false },
    );
    expect(answer.message).toBe(ACCESS_MESSAGES.accessUpdated);
    expect([answer.access_control.admin_id, answer.access_control.qr_access]).toEqual([
      'current_user',
      false,
    ]);
    expect(
      await t.db.selectFrom('admins').select('admin_id').where('admin_id', '=', caller.adminId).execute(),
    ).toEqual([]);
  });

  it('answers a create with the record it created', async () => {
    const { caller, actor, registry, db } = await setUp();
    const answer = await createDefaultAccess(db, actor, caller, registry, false);
    expect(answer.access_control.admin_id).toBe('current_user');
    expect(answer.access_control.qr_access).toBe(true);
  });
});
