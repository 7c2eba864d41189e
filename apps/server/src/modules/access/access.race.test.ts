// Parallel creates of one default record: the unique index lets one through, and every other
// caller gets the same 409 a later create gets, in the family's own words.
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';

const BASE = '/business-access/api/v1/business-access';

describe('access defaults created in parallel', async () => {
  const t = await createTestApp();

  it('creates each record once and answers every other racer 409 with its own message', async () => {
    const admin = await createAdmin(t);
    const master = await masterHeaders(t);
    const registry = (await createBusiness(t)).business_registry_number;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: 'POST',
              url: `/admin${BASE}/registry/${registry}/default`,
              headers: admin.headers,
            })
          : t.app.inject({
              method: 'POST',
              url: `/master${BASE}/registry/${registry}/default?master=true`,
              headers: master,
            }),
      ),
    );
    const outcomes = replies.map((reply) => `${reply.statusCode} ${reply.json().message}`);
    const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
    expect(count('201 Default access created for you successfully!')).toBe(1);
    expect(count('201 Master access created successfully!')).toBe(1);
    expect(count('409 Access record already exists')).toBe(19);
    expect(count('409 Master access already exists')).toBe(19);
    const audit = await t.db
      .selectFrom('staff_actions')
      .select('action')
      .where('action', '=', 'access_create')
      .execute();
    expect(audit).toHaveLength(2);
  });
});
