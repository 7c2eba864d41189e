import { MSG } from '@portal/contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

const BASE = '/admin/email-change/api/v1/email-change';

describe('email change', async () => {
  const t = await createTestApp();
  let admin: Headers;
  let adminEmail: string;
  let master: Headers;

  beforeAll(async () => {
    const created = await createAdmin(t);
    admin = created.headers;
    adminEmail = created.admin.admin_email;
    master = await masterHeaders(t);
    await insertBusiness(t, { business_email: 'tomado@correo.test' });
  });

  const post = (path: string, payload: object, headers: Headers = admin, base = BASE) =>
    t.app.inject({ method: 'POST', url: `${base}${path}`, headers, payload });

  /** Starts a change and returns the code mailed to the new address. */
  async function initiate(registry: string, newEmail: string): Promise<string> {
    const res = await post('/initiate', { business_registry_number: registry, new_email: newEmail });
    expect(res.statusCode).toBe(200);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(newEmail);
    return /(\d{6})/.exec(mail.text)![1]!;
  }

  it('mails a code to the new address, then sets the email and marks it verified (the code proved it)', async () => {
    const business = await insertBusiness(t, { business_email: 'viejo@correo.test', verified_email: false });
    const registry = business.business_registry_number;
    const res = await post('/initiate', {
      business_registry_number: registry,
      new_email: 'nuevo@correo.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, old_email: 'viejo@correo.test' });
    const code = /(\d{6})/.exec(t.mail.at(-1)!.text)![1]!;
    expect(t.mail.at(-1)!.to).toBe('nuevo@correo.test');
    const stored = await t.db
      .selectFrom('email_change_requests')
      .selectAll()
      .where('business_id', '=', business.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);

    const done = await post('/complete', {
      business_registry_number: registry.toLowerCase(),
      new_email: 'nuevo@correo.test',
      verification_code: code,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ old_email: 'viejo@correo.test', new_email: 'nuevo@correo.test' });
    const row = await t.db
      .selectFrom('businesses')
      .selectAll()
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ business_email: 'nuevo@correo.test', verified_email: true });

    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_registry_number', '=', registry)
      .where('operation_type', '=', 'UPDATE')
      .orderBy('changed_column')
      .execute();
    expect(logs).toEqual([
      {
        changed_column: 'business_email',
        old_value: 'viejo@correo.test',
        new_value: 'nuevo@correo.test',
        changed_by: adminEmail,
      },
      { changed_column: 'verified_email', old_value: 'false', new_value: 'true', changed_by: adminEmail },
    ]);

    const again = await post('/complete', {
      business_registry_number: registry,
      new_email: 'nuevo@correo.test',
      verification_code: code,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'Conflict: New email is already registered or no pending change was found.',
    );
  });

  it('refuses a wrong code with 401, and the sixth try even with the right code', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const code = await initiate(registry, 'cinco@correo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (verification_code: string) => ({
      business_registry_number: registry,
      new_email: 'cinco@correo.test',
      verification_code,
    });
    // Each refusal says how many tries the code has left, so the portal can ask for a new one.
    const left: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/complete', body(wrong));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Unauthorized: Invalid verification code or access.');
      left.push(res.json().tries_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const sixth = await post('/complete', body(code));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toMatchObject({ error: MSG.emailChangeUnauthorized, tries_left: 0 });
    const row = await t.db
      .selectFrom('businesses')
      .select('business_email')
      .where('business_registry_number', '=', registry)
      .executeTakeFirstOrThrow();
    expect(row.business_email).not.toBe('cinco@correo.test');
  });

  it('refuses an expired code', async () => {
    const business = await insertBusiness(t);
    const code = await initiate(business.business_registry_number, 'tarde@correo.test');
    await t.db
      .updateTable('email_change_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('business_id', '=', business.id)
      .execute();
    const res = await post('/complete', {
      business_registry_number: business.business_registry_number,
      new_email: 'tarde@correo.test',
      verification_code: code,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: MSG.emailChangeUnauthorized, tries_left: 0 });
  });

  it('answers 404, 409 and 400 with the SPEC §8 messages', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const missing = await post('/initiate', { business_registry_number: 'REG999999', new_email: 'x@y.test' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Business registration not found');

    const taken = await post('/initiate', {
      business_registry_number: registry,
      new_email: 'TOMADO@correo.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(
      'Conflict: New email is already registered or no pending change was found.',
    );

    const nothingPending = await post('/complete', {
      business_registry_number: registry,
      new_email: 'libre@correo.test',
      verification_code: '123456',
    });
    expect(nothingPending.statusCode).toBe(409);

    const badEmail = await post('/initiate', {
      business_registry_number: registry,
      new_email: 'no-es-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toBe('Invalid request data');
    expect(badEmail.json().details).toEqual([
      { field: 'new_email', message: 'Por favor, ingrese un email válido.' },
    ]);

    const badCode = await post('/complete', {
      business_registry_number: registry,
      new_email: 'libre@correo.test',
      verification_code: '12a45',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().details[0].message).toBe('Verification Code must be a 6-digit number.');

    const noRegistry = await post('/initiate', { new_email: 'libre@correo.test' });
    expect(noRegistry.statusCode).toBe(400);
    expect(noRegistry.json().error).toBe('Invalid request data');
  });

  it('checks the caller', async () => {
    const payload = { business_registry_number: 'REG999999', new_email: 'a@b.test' };
    const masterBase = '/master/email-change/api/v1/email-change';
    expect((await post('/initiate', payload, {})).statusCode).toBe(401);
    const denied = await post('/initiate', payload, admin, masterBase);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(
      'Access Denied: You must be an admin or master user to use this service.',
    );
    const asMaster = await post('/initiate', payload, master, masterBase);
    expect(asMaster.statusCode).toBe(404);
  });
});
