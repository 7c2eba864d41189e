// Bulk actions on admins with the versions the master saw (the bulk form of If-Match): an admin
// changed since is left alone and answers 412 on its line, with who changed it and when; the
// others are applied. Without versions the call is SPEC's (every admin applied).
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, masterHeaders } from '../../../test/helpers.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';

describe('admin bulk actions with versions', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: `${ADMINS}${path}`, headers: master, payload });
  const seen = async (adminId: number) => (await call('GET', `/${adminId}`)).json().admin;
  const statusOf = async (adminId: number) =>
    (
      await t.db
        .selectFrom('admins')
        .select('access_status')
        .where('admin_id', '=', adminId)
        .executeTakeFirst()
    )?.access_status;
  const bulkRows = () =>
    t.db.selectFrom('staff_actions').select('details').where('action', '=', 'admin_bulk').execute();

  it('leaves an admin changed since it was seen and applies the others', async () => {
    const [a, b, c] = [
      await createAdmin(t, 'pending'),
      await createAdmin(t, 'pending'),
      await createAdmin(t, 'pending'),
    ];
    const [seenA, seenB] = [await seen(a.admin.admin_id), await seen(b.admin.admin_id)];
    // Another tab suspends b after this one read it.
    expect((await call('PUT', `/${b.admin.admin_id}`, { access_status: 'suspended' })).statusCode).toBe(200);
    const auditBefore = (await bulkRows()).length;

    const reply = await call('POST', '/bulk', {
      action: 'activate',
      admin_ids: [a.admin.admin_id, b.admin.admin_id, c.admin.admin_id],
      versions: { [a.admin.admin_id]: seenA.version, [b.admin.admin_id]: seenB.version },
    });

    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    const nowB = await t.db
      .selectFrom('admins')
      .select(['version_changed_by', 'version_changed_at'])
      .where('admin_id', '=', b.admin.admin_id)
      .executeTakeFirstOrThrow();
    expect(nowB.version_changed_by).toEqual(expect.any(String));
    expect(body.results).toEqual([
      { admin_id: a.admin.admin_id, status: 200, version: expect.any(String) },
      {
        admin_id: b.admin.admin_id,
        status: 412,
        message: 'Precondition failed: the record was changed by someone else',
        changed_by: nowB.version_changed_by,
        changed_at: new Date(nowB.version_changed_at as Date).toISOString(),
        access_status: 'suspended',
        version: (await seen(b.admin.admin_id)).version,
      },
      { admin_id: c.admin.admin_id, status: 200, version: expect.any(String) },
    ]);
    expect(body.results[1].version).not.toBe(seenB.version);
    expect(body.results[0].version).not.toBe(seenA.version);
    expect(body.results[0].version).toBe((await seen(a.admin.admin_id)).version);
    expect(body.summary).toEqual({ succeeded: 2, failed: 1 });
    expect(body.processed_count).toBe(2);
    expect(body.admin_ids).toEqual([a.admin.admin_id, c.admin.admin_id].sort((x, y) => x - y));
    expect(await statusOf(a.admin.admin_id)).toBe('active');
    expect(await statusOf(b.admin.admin_id)).toBe('suspended');
    expect(await statusOf(c.admin.admin_id)).toBe('active');
    const audit = (await bulkRows()).slice(auditBefore);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({
      bulk_action: 'activate',
      admin_ids: [a.admin.admin_id, c.admin.admin_id],
      requested: 3,
      failed: 1,
    });
  });

  it('a bulk delete keeps an account changed since it was seen', async () => {
    const [a, b] = [await createAdmin(t, 'active'), await createAdmin(t, 'active')];
    const [seenA, seenB] = [await seen(a.admin.admin_id), await seen(b.admin.admin_id)];
    expect((await call('PUT', `/${b.admin.admin_id}`, { admin_first_name: 'Berta' })).statusCode).toBe(200);

    const reply = await call('POST', '/bulk', {
      action: 'delete',
      admin_ids: [a.admin.admin_id, b.admin.admin_id],
      versions: { [a.admin.admin_id]: seenA.version, [b.admin.admin_id]: seenB.version },
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json().results.map((line: { status: number }) => line.status)).toEqual([200, 412]);
    expect(await statusOf(a.admin.admin_id)).toBeUndefined();
    expect(await statusOf(b.admin.admin_id)).toBe('active');
  });

  it('a retry on the version the 412 line gave applies to the account as it is now', async () => {
    const a = await createAdmin(t, 'pending');
    const seenA = await seen(a.admin.admin_id);
    expect((await call('PUT', `/${a.admin.admin_id}`, { access_status: 'inactive' })).statusCode).toBe(200);
    const bulk = (version: string) =>
      call('POST', '/bulk', {
        action: 'activate',
        admin_ids: [a.admin.admin_id],
        versions: { [a.admin.admin_id]: version },
      });
    const refused = (await bulk(seenA.version)).json().results[0];
    expect(refused).toMatchObject({ status: 412, access_status: 'inactive' });
    expect(await statusOf(a.admin.admin_id)).toBe('inactive');
    expect((await bulk(refused.version)).json().results[0]).toMatchObject({ status: 200 });
    expect(await statusOf(a.admin.admin_id)).toBe('active');
  });

  it('when every admin changed, nothing is written and no audit row is added', async () => {
    const a = await createAdmin(t, 'active');
    const seenA = await seen(a.admin.admin_id);
    expect((await call('PUT', `/${a.admin.admin_id}`, { access_status: 'inactive' })).statusCode).toBe(200);
    const auditBefore = (await bulkRows()).length;
    const reply = await call('POST', '/bulk', {
      action: 'suspend',
      admin_ids: [a.admin.admin_id],
      versions: { [a.admin.admin_id]: seenA.version },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      processed_count: 0,
      admin_ids: [],
      summary: { succeeded: 0, failed: 1 },
    });
    expect(await statusOf(a.admin.admin_id)).toBe('inactive');
    expect(await bulkRows()).toHaveLength(auditBefore);
  });

  it('40 calls naming the same version: one applies, the others answer 412', async () => {
    const a = await createAdmin(t, 'pending');
    const { version } = await seen(a.admin.admin_id);
    const auditBefore = (await bulkRows()).length;
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        call('POST', '/bulk', {
          action: 'activate',
          admin_ids: [a.admin.admin_id],
          versions: { [a.admin.admin_id]: version },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(40).fill(200));
    const statuses = replies.map((reply) => reply.json().results[0].status).sort();
    expect(statuses).toEqual([200, ...Array(39).fill(412)]);
    expect(await statusOf(a.admin.admin_id)).toBe('active');
    expect(await bulkRows()).toHaveLength(auditBefore + 1);
  });

  it('without versions, every admin is applied as it is now (SPEC)', async () => {
    const a = await createAdmin(t, 'pending');
    expect((await call('PUT', `/${a.admin.admin_id}`, { access_status: 'suspended' })).statusCode).toBe(200);
    const reply = await call('POST', '/bulk', { action: 'activate', admin_ids: [a.admin.admin_id] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ processed_count: 1, summary: { succeeded: 1, failed: 0 } });
    expect(await statusOf(a.admin.admin_id)).toBe('active');
  });

  it.each([[{ abc: '1' }], [{ '1': '' }], [{ '1': 7 }], [['1']]])(
    'refuses versions %o with 400 and changes nothing',
    async (versions) => {
      const a = await createAdmin(t, 'pending');
      const reply = await call('POST', '/bulk', {
        action: 'activate',
        admin_ids: [a.admin.admin_id],
        versions,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('Invalid request data');
      expect(await statusOf(a.admin.admin_id)).toBe('pending');
    },
  );
});
