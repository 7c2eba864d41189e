// Edit conflicts: every conditional write, on a fresh database.
// With the version the client read (If-Match) the write is applied and the version moves; with a
// version someone else moved on, nothing is written and the answer is 412 with the record as it is
// now, who changed it and when; without If-Match the write is applied as before (last write wins).
// And 40 writes naming one version at once: exactly one is applied.
import { ACCESS_TYPES } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../test/helpers.ts';

const PRECONDITION_FAILED = 'Precondition failed: the record was changed by someone else';
const ADMINS = '/master/registration/api/v1/admin-registration';
const ACCESS = 'business-access/api/v1/business-access';
const EMAIL = 'email-change/api/v1/email-change';
const RACE = 40;

describe('If-Match on the edit routes', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const ana = await createAdmin(t); // the admin who edits
  const beto = await createAdmin(t); // the admin account being edited
  const family = (headers: Headers) => (headers === master ? '/master' : '/admin');
  const ifMatch = (headers: Headers, version: string) => ({ ...headers, 'if-match': `"${version}"` });

  const inject = (
    method: 'GET' | 'PATCH' | 'PUT' | 'POST',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload && { payload }) });

  /** A 412 as it must read: SPEC §8 shape, the record now, who changed it and when. */
  function expectConflict(
    response: Awaited<ReturnType<typeof inject>>,
    now: { version: string; by: string; record: Record<string, unknown> },
  ) {
    expect(response.statusCode, response.body).toBe(412);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      error: PRECONDITION_FAILED,
      message: PRECONDITION_FAILED,
      current_version: now.version,
      changed_by: now.by,
      current: { ...now.record, version: now.version },
    });
    expect(Date.now() - Date.parse(body.changed_at)).toBeLessThan(10 * 60_000);
    expect(body.request_id).toEqual(expect.any(String));
  }

  describe.each([
    ['admin', () => ana.headers],
    ['master', () => master],
  ])('verification (%s family)', (_, who) => {
    it('GET sends the version as ETag; a matching If-Match writes and moves the version', async () => {
      const headers = who();
      const { business_registry_number: registry } = await insertBusiness(t);
      const url = `${family(headers)}/verification/registry/${registry}`;
      const read = await inject('GET', url, headers);
      const { version } = read.json().verification_status;
      expect(read.headers.etag).toBe(`"${version}"`);

      const write = await inject('PATCH', url, ifMatch(headers, version), { verified_email: true });
      expect(write.statusCode, write.body).toBe(200);
      const after = write.json().verification_status;
      expect(after.verified_email).toBe(true);
      expect(after.version).not.toBe(version);
      expect((await inject('GET', url, headers)).headers.etag).toBe(`"${after.version}"`);
    });

    it('a stale If-Match writes nothing: 412 with the record now and who changed it', async () => {
      const headers = who();
      const other = headers === master ? ana.headers : master;
      const otherName = headers === master ? ana.admin.admin_email : 'Master';
      const { business_registry_number: registry } = await insertBusiness(t);
      const url = `${family(headers)}/verification/registry/${registry}`;
      const seen = (await inject('GET', url, headers)).json().verification_status.version;
      const theirs = await inject('PATCH', `${family(other)}/verification/registry/${registry}`, other, {
        verified_phone: true,
      });
      const now = theirs.json().verification_status.version;

      const mine = await inject('PATCH', url, ifMatch(headers, seen), {
        verified_email: true,
        verified_phone: false,
      });
      expectConflict(mine, {
        version: now,
        by: otherName,
        record: { verified_phone: true, verified_email: false },
      });
      const stored = await t.db
        .selectFrom('businesses')
        .select(['verified_email', 'verified_phone', 'version'])
        .where('business_registry_number', '=', registry)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ verified_email: false, verified_phone: true, version: now });

      // Without If-Match: applied as before, last write wins.
      const blind = await inject('PATCH', url, headers, { verified_phone: false });
      expect(blind.statusCode).toBe(200);
      expect(blind.json().verification_status.verified_phone).toBe(false);
    });
  });

  it('If-Match: * matches any record; a weak tag never matches; a malformed value is a 400', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const url = `/master/verification/registry/${registry}`;
    const { version } = (await inject('GET', url, master)).json().verification_status;
    const weak = await inject(
      'PATCH',
      url,
      { ...master, 'if-match': `W/"${version}"` },
      { verified_email: true },
    );
    expect(weak.statusCode).toBe(412);
    for (const bad of ['7', '"7', 'W/7', '"7" "8"', '', ' , ']) {
      const response = await inject('PATCH', url, { ...master, 'if-match': bad }, { verified_email: true });
      expect(response.statusCode, `If-Match: ${bad}`).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Invalid If-Match/),
      });
    }
    const list = await inject(
      'PATCH',
      url,
      { ...master, 'if-match': `"x", "${version}"` },
      { verified_email: true },
    );
    expect(list.statusCode).toBe(200);
    const any = await inject('PATCH', url, { ...master, 'if-match': '*' }, { verified_phone: true });
    expect(any.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('businesses')
      .select(['verified_email', 'verified_phone'])
      .where('business_registry_number', '=', registry)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ verified_email: true, verified_phone: true });
  });

  it('the version is left out of the change log and an unchanged save keeps it', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const url = `/master/verification/registry/${registry}`;
    const first = (await inject('PATCH', url, master, { verified_email: true })).json().verification_status;
    const again = (await inject('PATCH', url, master, { verified_email: true })).json().verification_status;
    expect(again.version).toBe(first.version);
    const columns = await t.db
      .selectFrom('business_change_logs')
      .select('changed_column')
      .where('business_registry_number', '=', registry)
      .where('operation_type', '=', 'UPDATE')
      .execute();
    expect(columns.map((row) => row.changed_column)).toEqual(['verified_email']);
  });

  describe('admin account', () => {
    const url = () => `${ADMINS}/${beto.admin.admin_id}`;

    it('the list rows and GET carry the version (GET as ETag); a sign-in does not move it', async () => {
      const read = await inject('GET', url(), master);
      const { version } = read.json().admin;
      expect(read.headers.etag).toBe(`"${version}"`);
      const list = await inject('GET', `${ADMINS}?access_status=active&page_size=100`, master);
      const row = list
        .json()
        .admins.find((admin: { admin_id: number }) => admin.admin_id === beto.admin.admin_id);
      expect(row.version).toBe(version);

      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: beto.admin.admin_email, password: beto.password },
      });
      expect(login.statusCode).toBe(200);
      expect((await inject('GET', url(), master)).json().admin.version).toBe(version);
    });

    it('PUT: matching If-Match writes; stale gives 412 with the account now; none wins', async () => {
      const seen = (await inject('GET', url(), master)).json().admin.version;
      const first = await inject('PUT', url(), ifMatch(master, seen), { admin_first_name: 'Bernardo' });
      expect(first.statusCode, first.body).toBe(200);
      const now = first.json().admin.version;
      expect(now).not.toBe(seen);
      expect(first.headers.etag).toBe(`"${now}"`);

      const stale = await inject('PUT', url(), ifMatch(master, seen), { admin_first_name: 'Beatriz' });
      expectConflict(stale, { version: now, by: 'Master', record: { admin_first_name: 'Bernardo' } });
      expect(stale.json().current).not.toHaveProperty('admin_password_hash');
      const stored = await t.db
        .selectFrom('admins')
        .select(['admin_first_name', 'version'])
        .where('admin_id', '=', beto.admin.admin_id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ admin_first_name: 'Bernardo', version: now });

      const blind = await inject('PUT', url(), master, { admin_first_name: 'Beatriz' });
      expect(blind.statusCode).toBe(200);
      expect(blind.json().admin.admin_first_name).toBe('Beatriz');
    });

    it('reset-password: matching If-Match resets and moves the version; stale resets nothing', async () => {
      const seen = (await inject('GET', url(), master)).json().admin.version;
      const hashBefore = async () =>
        (
          await t.db
            .selectFrom('admins')
            .select('admin_password_hash')
            .where('admin_id', '=', beto.admin.admin_id)
            .executeTakeFirstOrThrow()
        ).admin_password_hash;
      const ok = await inject('POST', `${url()}/reset-password`, ifMatch(master, seen), {
        new_password: 'Nueva#Clave2026',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const now = ok.json().version;
      expect(now).not.toBe(seen);
      const hash = await hashBefore();

      const stale = await inject('POST', `${url()}/reset-password`, ifMatch(master, seen), {
        new_password: 'Otra#Clave2026',
      });
      expectConflict(stale, { version: now, by: 'Master', record: { admin_id: beto.admin.admin_id } });
      expect(await hashBefore()).toBe(hash);

      const blind = await inject('POST', `${url()}/reset-password`, master, {
        new_password: 'Otra#Clave2026',
      });
      expect(blind.statusCode).toBe(200);
      expect(await hashBefore()).not.toBe(hash);
    });
  });

  describe('access records', () => {
    it('master record: GET ETag; PATCH with If-Match on both families; stale is a 412', async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      expect(
        (await inject('POST', `/master/${ACCESS}/registry/${registry}/default?master=true`, master))
          .statusCode,
      ).toBe(201);
      const read = await inject('GET', `/master/${ACCESS}/registry/${registry}/master`, master);
      const seen = read.json().access_control.version;
      expect(read.headers.etag).toBe(`"${seen}"`);

      const url = `/master/${ACCESS}/registry/${registry}/admin/master`;
      const write = await inject('PATCH', url, ifMatch(master, seen), {
        access_type: 'qr_access',
        new_value: false,
      });
      expect(write.statusCode, write.body).toBe(200);
      const now = write.json().access_control.version;
      expect(now).not.toBe(seen);

      const stale = await inject('PATCH', url, ifMatch(master, seen), {
        access_type: 'product_access',
        new_value: false,
      });
      expectConflict(stale, {
        version: now,
        by: 'Master',
        record: { is_master_access: true, qr_access: false, product_access: true },
      });
      const logs = await t.db
        .selectFrom('access_change_logs')
        .select('access_type')
        .where('business_registry_number', '=', registry)
        .execute();
      expect(logs).toEqual([{ access_type: 'qr_access' }]);
    });

    it("an admin's own record: the master's change makes the admin's stale write a 412", async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      const created = await inject('POST', `/admin/${ACCESS}/registry/${registry}/default`, ana.headers);
      const seen = created.json().access_control.version;
      const byMaster = await inject(
        'PATCH',
        `/master/${ACCESS}/registry/${registry}/admin/${ana.admin.admin_id}`,
        ifMatch(master, seen),
        { access_type: 'event_access', new_value: false },
      );
      expect(byMaster.statusCode, byMaster.body).toBe(200);
      const now = byMaster.json().access_control.version;

      const own = `/admin/${ACCESS}/registry/${registry}/admin/current_user`;
      const stale = await inject('PATCH', own, ifMatch(ana.headers, seen), {
        access_type: 'public_access',
        new_value: false,
      });
      expectConflict(stale, {
        version: now,
        by: 'Master',
        record: { admin_id: 'current_user', event_access: false },
      });

      const fresh = await inject('PATCH', own, ifMatch(ana.headers, now), {
        access_type: 'public_access',
        new_value: false,
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().access_control).toMatchObject({ public_access: false, event_access: false });
    });
  });

  describe('email change', () => {
    const codeFor = (email: string) => /(\d{6})/.exec(t.mail.filter((m) => m.to === email).at(-1)!.text)![1]!;

    it('initiate and complete with the version seen at initiate: the email changes', async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      const seen = (await inject('GET', `/admin/verification/registry/${registry}`, ana.headers)).json()
        .verification_status.version;
      const headers = ifMatch(ana.headers, seen);
      const initiate = await inject('POST', `/admin/${EMAIL}/initiate`, headers, {
        business_registry_number: registry,
        new_email: `nuevo.${registry}@correo.test`,
      });
      expect(initiate.statusCode, initiate.body).toBe(200);
      const complete = await inject('POST', `/admin/${EMAIL}/complete`, headers, {
        business_registry_number: registry,
        new_email: `nuevo.${registry}@correo.test`,
        verification_code: codeFor(`nuevo.${registry}@correo.test`),
      });
      expect(complete.statusCode, complete.body).toBe(200);
      expect(complete.json().new_email).toBe(`nuevo.${registry}@correo.test`);
      const after = await inject('GET', `/admin/verification/registry/${registry}`, ana.headers);
      expect(complete.json().version).toBe(after.json().verification_status.version);
      expect(complete.json().version).not.toBe(seen);
    });

    it('a change between initiate and complete: complete is a 412 and the email stays', async () => {
      const business = await insertBusiness(t);
      const registry = business.business_registry_number;
      const seen = (await inject('GET', `/master/verification/registry/${registry}`, master)).json()
        .verification_status.version;
      const newEmail = `otro.${registry}@correo.test`;
      const headers = ifMatch(master, seen);
      const initiate = await inject('POST', `/master/${EMAIL}/initiate`, headers, {
        business_registry_number: registry,
        new_email: newEmail,
      });
      expect(initiate.statusCode).toBe(200);
      const between = await inject('PATCH', `/admin/verification/registry/${registry}`, ana.headers, {
        verified_email: true,
      });
      const now = between.json().verification_status.version;

      const complete = await inject('POST', `/master/${EMAIL}/complete`, headers, {
        business_registry_number: registry,
        new_email: newEmail,
        verification_code: codeFor(newEmail),
      });
      expectConflict(complete, {
        version: now,
        by: ana.admin.admin_email,
        record: { business_email: business.business_email, verified_email: true },
      });
      const stored = await t.db
        .selectFrom('businesses')
        .select('business_email')
        .where('business_registry_number', '=', registry)
        .executeTakeFirstOrThrow();
      expect(stored.business_email).toBe(business.business_email);
    });

    it('a stale initiate is a 412 and sends no code', async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      const seen = (await inject('GET', `/admin/verification/registry/${registry}`, ana.headers)).json()
        .verification_status.version;
      await inject('PATCH', `/master/verification/registry/${registry}`, master, { verified_phone: true });
      const mailsBefore = t.mail.length;
      const initiate = await inject('POST', `/admin/${EMAIL}/initiate`, ifMatch(ana.headers, seen), {
        business_registry_number: registry,
        new_email: `tarde.${registry}@correo.test`,
      });
      expect(initiate.statusCode).toBe(412);
      expect(initiate.json().changed_by).toBe('Master');
      expect(t.mail.length).toBe(mailsBefore);
    });
  });

  describe(`${RACE} parallel writes with the same If-Match: exactly one is applied`, () => {
    const race = async (send: (i: number) => ReturnType<typeof inject>) => {
      const responses = await Promise.all(Array.from({ length: RACE }, (_, i) => send(i)));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 412)).toHaveLength(RACE - 1);
      return responses;
    };

    it('verification', async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      const url = `/admin/verification/registry/${registry}`;
      const { version } = (await inject('GET', url, ana.headers)).json().verification_status;
      await race((i) =>
        inject('PATCH', url, ifMatch(ana.headers, version), {
          verified_email: i % 2 === 0,
          verified_phone: true,
        }),
      );
    });

    it('admin account', async () => {
      const url = `${ADMINS}/${beto.admin.admin_id}`;
      const { version } = (await inject('GET', url, master)).json().admin;
      const responses = await race((i) =>
        inject('PUT', url, ifMatch(master, version), {
          admin_last_name: `Apellido${String.fromCharCode(65 + i)}`,
        }),
      );
      const winner = responses.find((response) => response.statusCode === 200)!.json().admin;
      const stored = await t.db
        .selectFrom('admins')
        .select(['admin_last_name', 'version'])
        .where('admin_id', '=', beto.admin.admin_id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ admin_last_name: winner.admin_last_name, version: winner.version });
    });

    it('access record', async () => {
      const { business_registry_number: registry } = await insertBusiness(t);
      const created = await inject(
        'POST',
        `/master/${ACCESS}/registry/${registry}/default?master=true`,
        master,
      );
      const { version } = created.json().access_control;
      const types = ACCESS_TYPES;
      await race((i) =>
        inject('PATCH', `/master/${ACCESS}/registry/${registry}/admin/master`, ifMatch(master, version), {
          access_type: types[i % types.length],
          new_value: false,
        }),
      );
      const logs = await t.db
        .selectFrom('access_change_logs')
        .select('id')
        .where('business_registry_number', '=', registry)
        .execute();
      expect(logs).toHaveLength(1);
    });
  });
});
