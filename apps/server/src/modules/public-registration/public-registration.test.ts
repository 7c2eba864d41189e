import { verify } from '@node-rs/argon2';
import { isValidTemporaryPassword } from '@portal/contract/password-generator';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createTestApp, type Headers, staffApp } from '../../../test/helpers.ts';
import { deliverNextOwnerAccess } from '../../mail/owner-access-mails.ts';
import { insertBusiness } from './public-registration.repository.ts';
import { duplicateMessage } from './public-registration.service.ts';

const BASE = '/public/business-registration/api/v1/business-registration';
let counter = 0;

/** A valid payload with a unique email and phone. */
function payload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    business_name: `Colmado ${counter}`,
    business_owner: 'Carmen Rosario',
    business_email: `colmado${counter}@correo.test`,
    business_phone: `78755501${String(counter).padStart(2, '0')}`,
    password: 'Secreta#2026',
    business_terms: true,
    business_category: 'Colmados',
    business_description: 'Colmado de barrio',
    business_year: 1999,
    ...overrides,
  };
}

describe('public business registration', async () => {
  const { t, admin, master } = await staffApp();

  const register = (body: Record<string, unknown>, headers: Headers = {}) =>
    t.app.inject({ method: 'POST', url: `${BASE}/register`, headers, payload: body });
  const stored = (registry: string) =>
    t.db
      .selectFrom('businesses')
      .selectAll()
      .where('business_registry_number', '=', registry)
      .executeTakeFirstOrThrow();

  it('registers an anonymous caller, ignoring staff-only flags, hashing the password', async () => {
    const body = payload({ email_verified: true, phone_verified: true });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ success: true, business_name: body.business_name });
    expect(json.business_registry_number).toMatch(/^REG\d{6,}$/);
    const row = await stored(json.business_registry_number);
    expect(row).toMatchObject({
      verified_email: false,
      verified_phone: false,
      admin_verified: false,
      must_change_password: false,
      device_type: 'web',
    });
    expect(row.password_hash).not.toContain('Secreta');
    expect(await verify(row.password_hash!, 'Secreta#2026')).toBe(true);
    expect(t.mail).toHaveLength(0);
  });

  it('answers SPEC §5 messages word for word', async () => {
    expectError(
      await register({}),
      400,
      'Missing required fields: business_name, business_owner, business_email, business_phone, password, business_terms',
    );
    expectError(
      await register(payload({ business_owner: ' ', password: '' })),
      400,
      'Missing required fields: business_owner, password',
    );
    expectError(await register(payload({ business_terms: false })), 400, 'Business terms must be accepted');
    expectError(await register(payload({ business_year: 1899 })), 400, 'Invalid year provided');
    expectError(
      await register(payload({ business_year: new Date().getFullYear() + 1 })),
      400,
      'Invalid year provided',
    );
    expectError(
      await register(payload({ business_email: 'no-es-correo' })),
      400,
      'Please enter a valid email address',
    );
    expectError(
      await register(payload({ email_verified: 'yes' })),
      400,
      'phone_verified and email_verified must be booleans',
    );
    expectError(
      await register(payload({ password: 'corta' })),
      400,
      'Password must be at least 8 characters',
    );
    expectError(
      await register(payload({ business_name: 'x'.repeat(256) })),
      400,
      'business_name must be at most 255 characters',
    );
    expectError(
      await register(payload({ business_description: 'x'.repeat(2001) })),
      400,
      'business_description must be at most 2000 characters',
    );
    expect(await t.db.selectFrom('businesses').select('id').execute()).toHaveLength(1);
  });

  it('refuses a taken email or phone with a 409 naming the field', async () => {
    const first = payload();
    expect((await register(first)).statusCode).toBe(201);
    expectError(
      await register(payload({ business_email: first.business_email.toUpperCase() })),
      409,
      'A business with this email is already registered',
    );
    expectError(
      await register(payload({ business_phone: first.business_phone })),
      409,
      'A business with this phone is already registered',
    );
    // Two at once: whichever loses (pre-check or unique index) still names the email.
    const twin = payload();
    const both = await Promise.all([register(twin), register({ ...twin, business_phone: '7875559999' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error).toBe(
      'A business with this email is already registered',
    );
  });

  it('maps a unique violation on the email or phone index to the message naming that field', async () => {
    const first = payload();
    expect((await register(first)).statusCode).toBe(201);
    const insert = (values: { business_email: string; business_phone: string }) =>
      t.db
        .transaction()
        .execute((trx) => insertBusiness(trx, { business_name: 'X', business_owner: 'Y', ...values }))
        .then(
          () => null,
          (error: unknown) => error,
        );
    const byEmail = await insert({
      business_email: first.business_email.toUpperCase(),
      business_phone: '7875550000',
    });
    expect(duplicateMessage(byEmail)).toBe('A business with this email is already registered');
    const byPhone = await insert({
      business_email: 'otro@correo.test',
      business_phone: first.business_phone,
    });
    expect(duplicateMessage(byPhone)).toBe('A business with this phone is already registered');
  });

  it('lets a staff session set the verified flags and mails a temporary password', async () => {
    const body = payload({
      email_verified: true,
      phone_verified: true,
      referral_source: 'admin_registration',
    });
    const res = await register(body, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      verified_email: true,
      verified_phone: true,
      admin_verified: true,
      temporary_password_sent: true,
    });
    const row = await stored(res.json().business_registry_number);
    expect(row).toMatchObject({ must_change_password: true, referral_source: 'admin_registration' });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(body.business_email);
    const password = /Contraseña temporal: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(password).toHaveLength(12);
    expect(isValidTemporaryPassword(password)).toBe(true);
    expect(await verify(row.password_hash!, password)).toBe(true);
    // Sent by the request itself, once: the queue says so, and no worker sends it again.
    expect(
      await t.db
        .selectFrom('owner_access_mails')
        .select(['status', 'attempts'])
        .where('business_id', '=', row.id)
        .execute(),
    ).toEqual([{ status: 'sent', attempts: 1 }]);

    const oneFlag = await register(payload({ email_verified: true }), master);
    expect(oneFlag.json()).toMatchObject({
      verified_email: true,
      verified_phone: false,
      admin_verified: false,
    });
    // A token without the matching admin header is not a staff session.
    const wrongHeader = await register(payload({ email_verified: true }), {
      authorization: admin.authorization,
    });
    expect(wrongHeader.json()).toMatchObject({ verified_email: false });
  });

  it('with the mail server down, answers temporary_password_sent false and the worker sends it later', async () => {
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const body = payload({ referral_source: 'admin_registration' });
    let res: Awaited<ReturnType<typeof register>>;
    try {
      res = await register(body, admin);
    } finally {
      t.mailer.send = send;
    }
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ must_change_password: true, temporary_password_sent: false });
    const row = await stored(res.json().business_registry_number);
    const queued = await t.db
      .selectFrom('owner_access_mails')
      .selectAll()
      .where('business_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    // Its next try is due in a minute; the worker then sends it, with a password that works.
    await t.db
      .updateTable('owner_access_mails')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', queued.id)
      .execute();
    const before = t.mail.length;
    expect(await deliverNextOwnerAccess({ db: t.db, mailer: t.mailer })).toBe(true);
    const mail = t.mail.at(-1)!;
    expect(t.mail).toHaveLength(before + 1);
    expect(mail.to).toBe(body.business_email);
    const password = /Contraseña temporal: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(await verify((await stored(row.business_registry_number)).password_hash!, password)).toBe(true);
    // The history names the staff member who registered it for the password, never the password:
    // one row, for the mail that was sent (the refused try leaves none).
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_by', 'new_value'])
      .where('business_registry_number', '=', row.business_registry_number)
      .where('changed_column', '=', 'password')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs.every((log) => log.new_value === '********' && log.changed_by.endsWith('@portal.test'))).toBe(
      true,
    );
  });

  it("refuses the admin form's registration without a staff session (401, so the portal renews it): nothing stored, no mail", async () => {
    const sent = t.mail.length;
    const body = payload({ referral_source: 'admin_registration', email_verified: true });
    const res = await register(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'Unauthorized: Invalid or expired session.' });
    const exists = await t.app.inject({
      method: 'POST',
      url: `${BASE}/verify`,
      payload: { field: 'email', value: body.business_email },
    });
    expect(exists.json()).toMatchObject({ exists: false });
    expect(t.mail).toHaveLength(sent);
  });

  it('stores a phone given with its country code as its ten digits, and finds it written either way', async () => {
    const body = payload();
    const digits = body.business_phone;
    const res = await register({
      ...body,
      business_phone: `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    });
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().business_registry_number)).business_phone).toBe(digits);
    const exists = await t.app.inject({
      method: 'POST',
      url: `${BASE}/verify`,
      payload: { field: 'phone', value: `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` },
    });
    expect(exists.json().exists).toBe(true);
    expectError(
      await register(payload({ business_phone: '+34 612 345 678' })),
      400,
      'Phone number must have 10 digits',
    );
  });

  it('answers whether an email, phone or registry number exists', async () => {
    const body = payload();
    const created = await register(body);
    const registry = created.json().business_registry_number as string;
    const check = async (field: string, value: string) => {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/verify`, payload: { field, value } });
      expect(res.statusCode).toBe(200);
      return res.json().exists as boolean;
    };
    expect(await check('email', body.business_email.toUpperCase())).toBe(true);
    expect(await check('email', 'nadie@correo.test')).toBe(false);
    const phone = body.business_phone;
    expect(await check('phone', `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`)).toBe(true);
    expect(await check('registry_number', registry.toLowerCase())).toBe(true);
    expect(await check('registry_number', 'REG999999')).toBe(false);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${BASE}/verify`,
      payload: { field: 'name', value: 'x' },
    });
    expectError(bad, 400, 'Invalid request data');
    const health = await t.app.inject({ method: 'GET', url: `${BASE}/health` });
    expect(health.json()).toMatchObject({ success: true, status: 'healthy' });
  });
});

describe('public registration rate limit', async () => {
  const t = await createTestApp({ publicRateLimit: 2 });

  it('limits each IP per minute with 429', async () => {
    const call = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/verify`,
        remoteAddress,
        payload: { field: 'email', value: 'a@b.co' },
      });
    const minute = () => Math.floor(Date.now() / 60_000);
    // The windows are whole minutes of the clock: three calls across a minute's end fall in two
    // windows, so such a try is made again, from another address.
    for (let attempt = 1; ; attempt += 1) {
      const ip = `10.0.1.${attempt}`;
      const started = minute();
      const answers = [await call(ip), await call(ip), await call(ip)];
      if (minute() !== started && attempt < 3) continue;
      expect(answers.slice(0, 2).map((answer) => answer.statusCode)).toEqual([200, 200]);
      expectError(answers[2]!, 429, 'Too many requests. Please try again later.');
      break;
    }
    const otherIp = await t.app.inject({
      method: 'POST',
      url: `${BASE}/verify`,
      remoteAddress: '10.0.0.7',
      payload: { field: 'email', value: 'a@b.co' },
    });
    expect(otherIp.statusCode).toBe(200);
  });
});
