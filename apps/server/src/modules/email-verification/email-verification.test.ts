import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { type Headers, staffApp } from '../../../test/helpers.ts';

describe('send verification code', async () => {
  const { t, admin, master } = await staffApp();

  const send = (role: 'admin' | 'master', headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/${role}/email-verification/send-code`, headers, payload });

  it('mails a 6-digit code, returns it, and stores only its hash', async () => {
    const res = await send('admin', admin, { email: 'dueno@correo.test' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.code).toMatch(/^\d{6}$/);
    expect(body.message).toBe('Verification code sent successfully.');
    expect(t.mail.at(-1)).toMatchObject({ to: 'dueno@correo.test' });
    expect(t.mail.at(-1)!.text).toContain(body.code);
    const stored = await t.db.selectFrom('email_verification_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(body.code);
    expect((await send('master', master, { email: 'otro@correo.test' })).statusCode).toBe(200);
  });

  it('refuses an invalid email with the SPEC messages', async () => {
    for (const payload of [{ email: 'nope' }, {}, { email: 12 }]) {
      const res = await send('admin', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid request.');
      expect(res.json().details[0].message).toBe('A valid email address is required.');
    }
  });

  it('checks the caller', async () => {
    expect((await send('admin', {}, { email: 'a@b.test' })).statusCode).toBe(401);
    const denied = await send('master', admin, { email: 'a@b.test' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.onlyMaster);
  });
});
