// Bulk actions on the directory. Each registry number is applied by the single action's
// service in its own transaction (its rules, change-log rows and staff audit), answers its own
// line, and one more audit row summarises the call.
import { BULK_MSG } from '@portal/contract/business-bulk';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { type Headers, staffApp } from '../../../test/helpers.ts';

const PATH = '/business-data/api/v1/business-data/bulk';

describe('bulk actions on businesses', async () => {
  const { t, admin, master } = await staffApp();
  const family = (headers: Headers) => (headers === master ? '/master' : '/admin');
  const bulk = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${family(headers)}${PATH}`, headers, payload: payload as object });

  const businesses = async (count: number, values: Parameters<typeof insertBusiness>[1] = {}) => {
    const rows = [];
    for (let i = 0; i < count; i += 1) rows.push(await insertBusiness(t, values));
    return rows;
  };
  const registries = (rows: { business_registry_number: string }[]) =>
    rows.map((row) => row.business_registry_number);

  const changeLogs = (registry: string[]) =>
    t.db
      .selectFrom('business_change_logs')
      .select(['business_registry_number', 'changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_registry_number', 'in', registry)
      .where('operation_type', '=', 'UPDATE')
      .orderBy('log_id')
      .execute();
  const audit = async (action: string) =>
    (
      await sql<{
        target_registry: string | null;
        actor_role: string;
        details: Record<string, unknown>;
      }>`select target_registry, actor_role, details from staff_actions where action = ${action} order by id`.execute(
        t.db,
      )
    ).rows;
  const flagsOf = (registry: string[]) =>
    t.db
      .selectFrom('businesses')
      .select(['business_registry_number', 'verified_email', 'verified_phone'])
      .where('business_registry_number', 'in', registry)
      .orderBy('business_registry_number')
      .execute();

  /** Makes the database raise `errcode` when that business is updated; returns the undo. */
  async function raiseOnUpdate(registry: string, errcode: string) {
    await sql
      .raw(`create function bulk_test_raise() returns trigger language plpgsql as $$
        begin
          if old.business_registry_number = '${registry}' then
            raise exception 'raised for a test' using errcode = '${errcode}';
          end if;
          return new;
        end $$`)
      .execute(t.db);
    await sql
      .raw(
        'create trigger bulk_test_raise before update on businesses for each row execute function bulk_test_raise()',
      )
      .execute(t.db);
    return async () => {
      await sql.raw('drop trigger bulk_test_raise on businesses').execute(t.db);
      await sql.raw('drop function bulk_test_raise()').execute(t.db);
    };
  }

  it('verifies each business, 404 on the unknown line, with the single action’s logs and audit', async () => {
    const rows = await businesses(3);
    const numbers = registries(rows);
    const auditBefore = (await audit('verification_update')).length;
    const res = await bulk(admin, {
      action: 'verify',
      registry_numbers: [numbers[0], 'NOEXISTE-1', numbers[1]!.toLowerCase(), numbers[2]],
      verified_email: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      results: [
        { business_registry_number: numbers[0], status: 200, version: expect.any(String) },
        { business_registry_number: 'NOEXISTE-1', status: 404, message: MSG.resourceNotFound },
        { business_registry_number: numbers[1], status: 200, version: expect.any(String) },
        { business_registry_number: numbers[2], status: 200, version: expect.any(String) },
      ],
      summary: { succeeded: 3, failed: 1 },
    });
    expect((await flagsOf(numbers)).map((row) => [row.verified_email, row.verified_phone])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    const logs = await changeLogs(numbers);
    expect(logs).toHaveLength(3);
    for (const log of logs) {
      expect(log).toMatchObject({ changed_column: 'verified_email', old_value: 'false', new_value: 'true' });
      expect(log.changed_by).not.toBe('Sistema');
    }
    const perBusiness = (await audit('verification_update')).slice(auditBefore);
    expect(perBusiness.map((row) => row.target_registry).sort()).toEqual([...numbers].sort());
    const summary = (await audit('business_bulk')).at(-1)!;
    expect(summary.actor_role).toBe('admin');
    expect(summary.details).toMatchObject({
      bulk_action: 'verify',
      verified_email: true,
      requested: 4,
      succeeded: 3,
      failed: 1,
      failures: ['NOEXISTE-1 (404)'],
    });
  });

  it('answers a number sent twice (in any case) once', async () => {
    const [row] = await businesses(1);
    const registry = row!.business_registry_number;
    const res = await bulk(master, {
      action: 'verify',
      registry_numbers: [registry, registry.toLowerCase(), ` ${registry} `],
      verified_phone: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { business_registry_number: registry, status: 200, version: expect.any(String) },
    ]);
    expect(await changeLogs([registry])).toHaveLength(1);
  });

  it('updates category, description and year, logging only the fields that changed', async () => {
    const rows = await businesses(2, { business_category: 'Panaderías', business_year: 1999 });
    const numbers = registries(rows);
    const res = await bulk(admin, {
      action: 'update',
      registry_numbers: [...numbers, 'NOEXISTE-3'],
      fields: {
        business_category: 'Panaderías',
        business_description: '  Pan sobao fresco  ',
        business_year: 2004,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: [
        { business_registry_number: numbers[0], status: 200 },
        { business_registry_number: numbers[1], status: 200 },
        { business_registry_number: 'NOEXISTE-3', status: 404, message: MSG.businessNotFound },
      ],
      summary: { succeeded: 2, failed: 1 },
    });
    const stored = await t.db
      .selectFrom('businesses')
      .select(['business_category', 'business_description', 'business_year'])
      .where('business_registry_number', 'in', numbers)
      .execute();
    expect(stored).toEqual([
      { business_category: 'Panaderías', business_description: 'Pan sobao fresco', business_year: 2004 },
      { business_category: 'Panaderías', business_description: 'Pan sobao fresco', business_year: 2004 },
    ]);
    const logs = await changeLogs(numbers);
    expect(logs.map((log) => log.changed_column).sort()).toEqual([
      'business_description',
      'business_description',
      'business_year',
      'business_year',
    ]);
    expect(logs.find((log) => log.changed_column === 'business_year')).toMatchObject({
      old_value: '1999',
      new_value: '2004',
    });
    const audited = (await audit('business_update')).filter((row) => numbers.includes(row.target_registry!));
    expect(audited).toHaveLength(2);
  });

  it('refuses update fields as registration does, and an empty or unknown field set, changing nothing', async () => {
    const [row] = await businesses(1, { business_year: 1990 });
    const registry_numbers = [row!.business_registry_number];
    const year = new Date().getFullYear();
    for (const [fields, message] of [
      [{ business_year: year + 1 }, MSG.invalidYear],
      [{ business_year: 1899 }, MSG.invalidYear],
      [{ business_year: '2001' }, MSG.invalidYear],
      [{ business_category: 'x'.repeat(256) }, 'business_category must be at most 255 characters'],
      [{ business_category: '' }, MSG.invalidRequestData],
      [{ business_category: '  ' }, MSG.invalidRequestData],
      [{ business_description: 'x'.repeat(2001) }, 'business_description must be at most 2000 characters'],
      [{}, BULK_MSG.fieldsRequired],
      [{ business_name: 'Otro' }, undefined],
    ] as const) {
      const res = await bulk(master, { action: 'update', registry_numbers, fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await changeLogs(registry_numbers)).toEqual([]);
  });

  it('deletes for the master, line by line, with the deletion’s audit rows', async () => {
    const rows = await businesses(2);
    const numbers = registries(rows);
    const res = await bulk(master, { action: 'delete', registry_numbers: [...numbers, 'NOEXISTE-2'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: [
        { business_registry_number: numbers[0], status: 200 },
        { business_registry_number: numbers[1], status: 200 },
        { business_registry_number: 'NOEXISTE-2', status: 404, message: MSG.businessNotFound },
      ],
      summary: { succeeded: 2, failed: 1 },
    });
    expect(await flagsOf(numbers)).toEqual([]);
    const deleted = (await audit('business_delete')).map((row) => row.target_registry);
    expect(deleted).toEqual(expect.arrayContaining(numbers));
  });

  const versionOf = async (registry: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('version')
        .where('business_registry_number', '=', registry)
        .executeTakeFirstOrThrow()
    ).version;
  const editName = (registry: string, name: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/admin/business-data/api/v1/business-data/registry/${registry}`,
      headers: admin,
      payload: { business_name: name },
    });

  it('deletes nothing of a business changed since the version sent (412 on its line, who and when), the others applied', async () => {
    const rows = await businesses(3);
    const [kept, plain, unversioned] = registries(rows) as [string, string, string];
    const versions = { [kept.toLowerCase()]: await versionOf(kept), [plain]: await versionOf(plain) };
    expect((await editName(kept, 'Cambiado Mientras Tanto')).statusCode).toBe(200);
    const res = await bulk(master, {
      action: 'delete',
      registry_numbers: [kept, plain, unversioned],
      versions,
    });
    expect(res.statusCode).toBe(200);
    const [line, ...others] = res.json().results;
    expect(line).toMatchObject({
      business_registry_number: kept,
      status: 412,
      message: 'Precondition failed: the record was changed by someone else',
    });
    expect(line.changed_by).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(line.changed_at))).toBe(false);
    expect(others).toEqual([
      { business_registry_number: plain, status: 200 },
      { business_registry_number: unversioned, status: 200 },
    ]);
    expect((await flagsOf([kept, plain, unversioned])).map((row) => row.business_registry_number)).toEqual([
      kept,
    ]);
    expect(
      (
        await bulk(master, {
          action: 'delete',
          registry_numbers: [kept],
          versions: { [kept]: await versionOf(kept) },
        })
      ).json().results,
    ).toEqual([{ business_registry_number: kept, status: 200 }]);
  });

  it('verifies and updates only the businesses still at the version sent', async () => {
    const rows = await businesses(2, { verified_email: false });
    const [moved, same] = registries(rows) as [string, string];
    const versions = { [moved]: await versionOf(moved), [same]: await versionOf(same) };
    expect((await editName(moved, 'Otro Nombre')).statusCode).toBe(200);
    const verify = await bulk(admin, {
      action: 'verify',
      registry_numbers: [moved, same],
      versions,
      verified_email: true,
    });
    expect(verify.json().results.map((line: { status: number }) => line.status)).toEqual([412, 200]);
    // The applied line names the version the business is at now, for the next If-Match.
    expect(verify.json().results[1].version).toBe(await versionOf(same));
    expect(await versionOf(same)).not.toBe(versions[same]);
    expect((await flagsOf([moved, same])).map((row) => row.verified_email)).toEqual([false, true]);
    const update = await bulk(admin, {
      action: 'update',
      registry_numbers: [moved],
      versions: { [moved]: versions[moved] },
      fields: { business_year: 1999 },
    });
    expect(update.json().results[0].status).toBe(412);
    expect(await changeLogs([moved])).not.toContainEqual(
      expect.objectContaining({ changed_column: 'business_year' }),
    );
  });

  it('refuses versions that are not a map of registry numbers to versions (400), applying nothing', async () => {
    const rows = await businesses(1);
    const [registry] = registries(rows) as [string];
    for (const versions of [['1'], { [registry]: '' }, { [registry]: 7 }, 'x']) {
      const res = await bulk(master, { action: 'delete', registry_numbers: [registry], versions });
      expect(res.statusCode).toBe(400);
    }
    const tooMany = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`R${i}`, '1']));
    const res = await bulk(master, { action: 'delete', registry_numbers: [registry], versions: tooMany });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MSG.versionsTooMany);
    expect(await flagsOf([registry])).toHaveLength(1);
  });

  it('refuses a delete by an admin whole (403) before touching anything', async () => {
    const rows = await businesses(2);
    const numbers = registries(rows);
    const bulkRows = (await audit('business_bulk')).length;
    const res = await bulk(admin, { action: 'delete', registry_numbers: numbers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.deletionMasterOnly);
    expect(await flagsOf(numbers)).toHaveLength(2);
    expect(await audit('business_bulk')).toHaveLength(bulkRows);
  });

  it('takes up to 1,000 registry numbers and refuses 1,001 or none', async () => {
    const rows = await businesses(3);
    const many = [...registries(rows), ...Array.from({ length: 997 }, (_, i) => `FALTA-${i}`)];
    const ok = await bulk(admin, { action: 'verify', registry_numbers: many, verified_phone: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results).toHaveLength(1000);
    expect(ok.json().summary).toEqual({ succeeded: 3, failed: 997 });

    const tooMany = await bulk(admin, {
      action: 'verify',
      registry_numbers: [...many, 'FALTA-X'],
      verified_phone: true,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(BULK_MSG.tooMany);
    const none = await bulk(admin, { action: 'verify', registry_numbers: [], verified_phone: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(BULK_MSG.registryNumbersRequired);
  });

  it('answers a conflict on its own line (409) and still applies the others', async () => {
    const rows = await businesses(3);
    const numbers = registries(rows);
    const clash = numbers[1]!;
    // A unique violation raised by the database itself for one business (what a clash on a unique
    // column raises), so the error is the driver's own.
    const drop = await raiseOnUpdate(clash, '23505');
    try {
      const res = await bulk(master, {
        action: 'update',
        registry_numbers: numbers,
        fields: { business_category: 'Ferreterías' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        results: [
          { business_registry_number: numbers[0], status: 200 },
          { business_registry_number: clash, status: 409, message: MSG.dataAlreadyExists },
          { business_registry_number: numbers[2], status: 200 },
        ],
        summary: { succeeded: 2, failed: 1 },
      });
      const categories = await t.db
        .selectFrom('businesses')
        .select(['business_registry_number', 'business_category'])
        .where('business_registry_number', 'in', numbers)
        .orderBy('business_registry_number')
        .execute();
      expect(
        Object.fromEntries(categories.map((r) => [r.business_registry_number, r.business_category])),
      ).toEqual({
        [numbers[0]!]: 'Ferreterías',
        [clash]: 'Servicios',
        [numbers[2]!]: 'Ferreterías',
      });
      expect((await audit('business_update')).some((row) => row.target_registry === clash)).toBe(false);
    } finally {
      await drop();
    }
  });

  it('answers a deadlock on its own line (503) and still applies the others', async () => {
    const rows = await businesses(3);
    const numbers = registries(rows);
    const loser = numbers[1]!;
    // deadlock_detected raised by the database itself while that business is written.
    const drop = await raiseOnUpdate(loser, '40P01');
    try {
      const res = await bulk(admin, { action: 'verify', registry_numbers: numbers, verified_email: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        results: [
          { business_registry_number: numbers[0], status: 200 },
          { business_registry_number: loser, status: 503, message: MSG.serviceUnavailable },
          { business_registry_number: numbers[2], status: 200 },
        ],
        summary: { succeeded: 2, failed: 1 },
      });
      expect(
        (await flagsOf(numbers)).filter((row) => row.verified_email).map((r) => r.business_registry_number),
      ).toEqual([numbers[0], numbers[2]].sort());
      expect(await changeLogs([loser])).toHaveLength(0);
    } finally {
      await drop();
    }
  });

  it('answers 503 for every number not applied once the database stops answering, none half-applied', async () => {
    const rows = await businesses(4);
    const numbers = registries(rows);
    const gone = numbers[1]!;
    // admin_shutdown raised while the second business is written: the database "goes away" there.
    const drop = await raiseOnUpdate(gone, '57P01');
    try {
      const res = await bulk(admin, { action: 'verify', registry_numbers: numbers, verified_email: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([
        { business_registry_number: numbers[0], status: 200, version: expect.any(String) },
        { business_registry_number: gone, status: 503, message: BULK_MSG.notApplied },
        { business_registry_number: numbers[2], status: 503, message: BULK_MSG.notApplied },
        { business_registry_number: numbers[3], status: 503, message: BULK_MSG.notApplied },
      ]);
      expect(
        (await flagsOf(numbers)).filter((row) => row.verified_email).map((r) => r.business_registry_number),
      ).toEqual([numbers[0]]);
      expect((await changeLogs(numbers)).map((log) => log.business_registry_number)).toEqual([numbers[0]]);
      const verified = (await audit('verification_update')).filter((row) =>
        numbers.includes(row.target_registry!),
      );
      expect(verified.map((row) => row.target_registry)).toEqual([numbers[0]]);
    } finally {
      await drop();
    }
  });

  it('still answers every line when only the summary audit row is refused', async () => {
    const rows = await businesses(2);
    const numbers = registries(rows);
    await sql
      .raw(`create function bulk_test_refuse_summary() returns trigger language plpgsql as $$
        begin
          if new.action = 'business_bulk' then
            raise exception 'summary refused for a test' using errcode = 'P0001';
          end if;
          return new;
        end $$`)
      .execute(t.db);
    await sql
      .raw(
        'create trigger bulk_test_refuse_summary before insert on staff_actions for each row execute function bulk_test_refuse_summary()',
      )
      .execute(t.db);
    try {
      const before = (await audit('business_bulk')).length;
      const res = await bulk(admin, { action: 'verify', registry_numbers: numbers, verified_phone: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        results: numbers.map((registry) => ({ business_registry_number: registry, status: 200 })),
        summary: { succeeded: 2, failed: 0 },
      });
      expect((await flagsOf(numbers)).map((row) => row.verified_phone)).toEqual([true, true]);
      expect(await audit('business_bulk')).toHaveLength(before);
    } finally {
      await sql.raw('drop trigger bulk_test_refuse_summary on staff_actions').execute(t.db);
      await sql.raw('drop function bulk_test_refuse_summary()').execute(t.db);
    }
  });

  it('40 racing bulk verifies of the same rows log each real change once, as 40 single calls would', async () => {
    const rows = await businesses(5);
    const numbers = registries(rows);
    const before = {
      verification: (await audit('verification_update')).length,
      bulk: (await audit('business_bulk')).length,
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        bulk(i % 2 === 0 ? admin : master, {
          action: 'verify',
          registry_numbers: i % 3 === 0 ? [...numbers].reverse() : numbers,
          verified_email: true,
          verified_phone: true,
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().summary).toEqual({ succeeded: 5, failed: 0 });
    }
    const logs = await changeLogs(numbers);
    // One row per business and flag: the first call changed it, the other 39 changed nothing.
    expect(logs).toHaveLength(10);
    expect(new Set(logs.map((log) => `${log.business_registry_number}:${log.changed_column}`)).size).toBe(10);
    expect((await audit('verification_update')).length - before.verification).toBe(40 * 5);
    expect((await audit('business_bulk')).length - before.bulk).toBe(40);
  }, 60_000);

  it('refuses hostile bodies with a 400 and a message, writing nothing', async () => {
    const [row] = await businesses(1);
    const registry = row!.business_registry_number;
    const counts = async () =>
      (
        await sql<{ logs: number; audit: number }>`select
          (select count(*)::int from business_change_logs) as logs,
          (select count(*)::int from staff_actions) as audit`.execute(t.db)
      ).rows[0];
    const before = await counts();
    const hostile: unknown[] = [
      null,
      'verify',
      [],
      {},
      { action: 'purge', registry_numbers: [registry] },
      { action: 'verify', registry_numbers: [registry] },
      { action: 'verify', registry_numbers: registry, verified_email: true },
      { action: 'verify', registry_numbers: [123], verified_email: true },
      { action: 'verify', registry_numbers: [''], verified_email: true },
      { action: 'verify', registry_numbers: ['x'.repeat(33)], verified_email: true },
      { action: 'verify', registry_numbers: ['REG\u0000001'], verified_email: true },
      { action: 'verify', registry_numbers: [registry], verified_email: 'true' },
      { action: 'verify', registry_numbers: [[registry]], verified_email: true },
      { action: 'update', registry_numbers: [registry] },
      { action: 'update', registry_numbers: [registry], fields: { business_year: 1e308 } },
      { action: 'update', registry_numbers: [registry], fields: { business_category: 'A\u0000B' } },
      { action: 'update', registry_numbers: [registry], fields: JSON.parse('{"__proto__":{"x":1}}') },
      { action: 'delete', registry_numbers: { 0: registry, length: 1 } },
      { action: ['verify'], registry_numbers: [registry], verified_email: true },
    ];
    for (const payload of hostile) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/master${PATH}`,
        headers: { ...master, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message, JSON.stringify(payload)).toBe('string');
    }
    expect(await counts()).toEqual(before);
  });

  it('answers without a session 401, and through either family as its role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin${PATH}`,
      payload: { action: 'verify', registry_numbers: ['X'], verified_email: true },
    });
    expect(res.statusCode).toBe(401);
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/master${PATH}`,
      headers: admin,
      payload: { action: 'verify', registry_numbers: ['X'], verified_email: true },
    });
    expect(crossed.statusCode).toBe(403);
  });
});

describe('registry numbers of a whole search', async () => {
  const { t, admin, master } = await staffApp();
  for (let i = 0; i < 12; i += 1)
    await insertBusiness(t, {
      business_category: i < 7 ? 'Floristerías' : 'Barberías',
      business_name: `Flor ${i}`,
    });
  const url = (role: string, query: string) =>
    `/${role}/business-data/api/v1/business-data/registry-numbers${query}`;

  it('answers every match of the filters, not one page, in the list’s order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('admin', '?category=Florister%C3%ADas&limit=2'),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.registry_numbers).toHaveLength(7);
    expect(body).toMatchObject({ total_count: 7, truncated: false });
    const list = await t.app.inject({
      method: 'GET',
      url: '/master/business-data/api/v1/business-data?category=Florister%C3%ADas&limit=50',
      headers: master,
    });
    expect(body.registry_numbers).toEqual(
      list.json().businesses.map((row: { business_registry_number: string }) => row.business_registry_number),
    );
  });

  it('refuses bad filters with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('master', '?year=abc'), headers: master });
    expect(res.statusCode).toBe(400);
  });
});
