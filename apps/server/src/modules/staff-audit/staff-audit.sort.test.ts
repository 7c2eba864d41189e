// The audit list's sorts and page sizes, checked on rows the test writes.
import { MSG } from '@portal/contract/messages';
import { STAFF_AUDIT_PATH } from '@portal/contract/staff-audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

describe('staff audit sorting', async () => {
  const t = await createTestApp();
  let master: Headers;

  const ids = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: STAFF_AUDIT_PATH, headers: master, query });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().staff_actions as { details: { n: number } }[]).map((row) => row.details.n);
  };

  beforeAll(async () => {
    master = await masterHeaders(t);
    const rows = [
      // n, action, who, when
      [1, 'business_delete', 'beto@portal.test', '2026-01-03T00:00:00Z'],
      [2, 'access_toggle', 'Ana@portal.test', '2026-01-01T00:00:00Z'],
      [3, 'access_toggle', 'carla@portal.test', '2026-01-04T00:00:00Z'],
      [4, 'verification_update', 'ana@portal.test', '2026-01-02T00:00:00Z'],
    ] as const;
    await t.db
      .insertInto('staff_actions')
      .values(
        rows.map(([n, action, who, when]) => ({
          action,
          actor_role: 'admin',
          actor_identifier: who,
          details: JSON.stringify({ n }),
          created_at: new Date(when),
        })),
      )
      .execute();
  });

  it('is newest first without a sort, and sorts by date both ways', async () => {
    expect(await ids({})).toEqual([3, 1, 4, 2]);
    expect(await ids({ sort_by: 'created_at', sort_order: 'asc' })).toEqual([2, 4, 1, 3]);
    expect(await ids({ sort_order: 'asc' })).toEqual([2, 4, 1, 3]);
  });

  it('sorts by staff member (any case) and by action, then by date in the same direction', async () => {
    expect(await ids({ sort_by: 'staff' })).toEqual([2, 4, 1, 3]);
    expect(await ids({ sort_by: 'staff', sort_order: 'desc' })).toEqual([3, 1, 4, 2]);
    expect(await ids({ sort_by: 'action', sort_order: 'asc' })).toEqual([2, 3, 1, 4]);
    expect(await ids({ sort_by: 'action', sort_order: 'desc' })).toEqual([4, 1, 3, 2]);
  });

  it('pages a sort with limit and offset', async () => {
    expect(await ids({ sort_by: 'action', limit: '2' })).toEqual([2, 3]);
    expect(await ids({ sort_by: 'action', limit: '2', offset: '2' })).toEqual([1, 4]);
  });

  it('answers an unknown sort with 400', async () => {
    const bad = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: STAFF_AUDIT_PATH, headers: master, query });
    expectError(await bad({ sort_by: 'ip_address' }), 400, MSG.staffAuditSortBy);
    expectError(await bad({ sort_order: 'sideways' }), 400, MSG.sortOrder);
  });
});
