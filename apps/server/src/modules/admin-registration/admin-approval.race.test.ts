// Approving twice (a double click, two tabs, 40 racing calls): one approval, audited once; the
// calls that find the admin already active change nothing and write no audit row.
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, masterHeaders } from '../../../test/helpers.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';

describe('approving an admin many times at once', async () => {
  const t = await createTestApp();

  it('approves once and records one admin_approve row, no admin_update rows', async () => {
    const master = await masterHeaders(t);
    const pending = (await createAdmin(t, 'pending')).admin.admin_id;
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'PUT',
          url: `${ADMINS}/${pending}`,
          headers: master,
          payload: { access_status: 'active' },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(40).fill(200));
    expect(new Set(replies.map((reply) => reply.json().admin.access_status))).toEqual(new Set(['active']));
    const rows = await t.db
      .selectFrom('staff_actions')
      .select('action')
      .where('target_admin_id', '=', pending)
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['admin_approve']);
  });

  it('audits only the fields an edit changes', async () => {
    const master = await masterHeaders(t);
    const { admin } = await createAdmin(t, 'active');
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${ADMINS}/${admin.admin_id}`,
      headers: master,
      payload: {
        admin_first_name: 'Marta',
        admin_last_name: admin.admin_last_name,
        admin_email: admin.admin_email,
        access_status: 'active',
      },
    });
    expect(reply.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('staff_actions')
      .select(['action', 'details'])
      .where('target_admin_id', '=', admin.admin_id)
      .execute();
    expect(rows).toEqual([
      { action: 'admin_update', details: { fields: ['admin_first_name'], access_status: 'active' } },
    ]);
  });
});
