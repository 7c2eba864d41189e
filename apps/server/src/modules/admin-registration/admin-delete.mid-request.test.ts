// The master deletes an admin after a request of theirs passed its session check and before its
// write: the deletion ended the admin's sessions, so the request answers as a signed-out one does
// (the guard's 401), not 'Current password is incorrect' nor a missing resource. A write whose
// other parent is gone (a business deleted meanwhile) still answers 404.
import { MSG } from '@portal/contract/messages';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { sql, type TransactionBuilder } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  masterHeaders,
} from '../../../test/helpers.ts';
import { csv, IMPORTS, multipartBody, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { rfc6238 } from '../../../test/totp-codes.ts';
import type { Database } from '../../db/types.ts';

const ACCESS = '/admin/business-access/api/v1/business-access';
const VIEWS = '/admin/saved-views/api/v1/saved-views';

describe('a request whose admin is deleted after its session check', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  const nextIp = () => `10.49.0.${++ipCounter}`;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** `remove` runs as the next transaction begins: after the guard let the request in, before its write. */
  function beforeNextTransaction(remove: () => Promise<unknown>) {
    const transaction = t.db.transaction.bind(t.db);
    vi.spyOn(t.db, 'transaction').mockImplementationOnce(() => {
      const builder = transaction();
      return {
        execute: async (work: Parameters<TransactionBuilder<Database>['execute']>[0]) => {
          await remove();
          return builder.execute(work);
        },
      } as TransactionBuilder<Database>;
    });
  }

  const deleteAdmin = (adminId: number) => () =>
    t.db.deleteFrom('admins').where('admin_id', '=', adminId).execute();

  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: nextIp() });
  const put = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers, payload, remoteAddress: nextIp() });

  const upload = (headers: Headers) => {
    const file = multipartBody(
      'negocios.csv',
      csv([SPEC_HEADERS, ['Panadería Sol', 'Luis Ortiz', 'sol@correo.test', '7875550111', 'Restaurantes']]),
    );
    return t.app.inject({
      method: 'POST',
      url: `/admin${IMPORTS}`,
      headers: { ...headers, 'content-type': file.contentType },
      payload: file.payload,
      remoteAddress: nextIp(),
    });
  };

  it('changing their password answers signed out, not a wrong current password', async () => {
    const { admin, headers, password } = await createAdmin(t);
    beforeNextTransaction(deleteAdmin(admin.admin_id));
    const res = await post('/auth/password', headers, {
      current_password: password,
      new_password: 'Nueva#Clave2030',
    });
    expectError(res, 401, MSG.unauthorized);
  });

  it('turning 2FA on with their password answers signed out, not a wrong current password', async () => {
    const { admin, headers, password } = await createAdmin(t);
    const setup = await post('/auth/2fa/setup', headers);
    beforeNextTransaction(deleteAdmin(admin.admin_id));
    const res = await post('/auth/2fa/enable', headers, {
      code: rfc6238(setup.json().secret, Date.now()),
      current_password: password,
    });
    expectError(res, 401, MSG.unauthorized);
  });

  it.each([
    [
      'saving a view',
      (headers: Headers) => post(VIEWS, headers, { name: 'Nueva', query: { search: 'sol' } }),
    ],
    [
      'creating their own access record',
      async (headers: Headers) => {
        const { business_registry_number: registry } = await createBusiness(t);
        return post(`${ACCESS}/registry/${registry}/default`, headers);
      },
    ],
    ['uploading an import', upload],
  ])('%s answers signed out, not a missing resource', async (_, write) => {
    const { admin, headers } = await createAdmin(t);
    beforeNextTransaction(deleteAdmin(admin.admin_id));
    expectError(await write(headers), 401, MSG.unauthorized);
  });

  it('starting the 2FA setup their sign-in requires answers that the sign-in step is no longer valid', async () => {
    const { admin, password } = await createAdmin(t);
    await put('/master/two-factor/api/v1/policy', await masterHeaders(t), { admins_require_2fa: true });
    const first = await post('/auth/login', {}, { email: admin.admin_email, password });
    expect(first.json().requires_2fa_setup).toBe(true);
    // The account goes as the setup's secret is written: after the challenge and password checks.
    await sql`create function delete_owner() returns trigger language plpgsql as $$
      begin delete from admins where admin_id = new.owner_admin_id; return new; end $$`.execute(t.db);
    await sql`create trigger delete_owner before insert on staff_two_factor
      for each row execute function delete_owner()`.execute(t.db);
    try {
      const res = await post('/auth/login/2fa/setup', {}, { challenge_token: first.json().challenge_token });
      expectError(res, 401, TWO_FACTOR_MSG.challengeInvalid);
    } finally {
      await sql`drop trigger delete_owner on staff_two_factor`.execute(t.db);
      await sql`drop function delete_owner()`.execute(t.db);
      await put('/master/two-factor/api/v1/policy', await masterHeaders(t), { admins_require_2fa: false });
    }
  });

  it('a write whose business is deleted meanwhile still answers that it is not found', async () => {
    const { headers } = await createAdmin(t);
    const business = await createBusiness(t);
    beforeNextTransaction(() => t.db.deleteFrom('businesses').where('id', '=', business.id).execute());
    const res = await post(`${ACCESS}/registry/${business.business_registry_number}/default`, headers);
    expectError(res, 404, MSG.resourceNotFound);
  });
});
