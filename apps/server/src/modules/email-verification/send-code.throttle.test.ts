// The 'Reenviar en …s' countdown (SPEC §9, 120 s) holds on the server too: one code per address in
// that time, however many requests arrive at once, so a staff session cannot mail an address
// over and over.
import { TIMING } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { staffApp } from '../../../test/helpers.ts';

const PARALLEL = 40;

describe('send verification code: one per address per resend countdown', async () => {
  const { t, admin, master } = await staffApp();
  const send = (email: string, role: 'admin' | 'master' = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: `/${role}/email-verification/send-code`,
      headers: role === 'admin' ? admin : master,
      payload: { email },
    });
  const mailsTo = (email: string) => t.mail.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());

  it(`mails one code for ${PARALLEL} parallel requests; the others answer 429 with Retry-After`, async () => {
    const email = 'paralelo@correo.test';
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => send(email)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.every((res) => res.statusCode === 429)).toBe(true);
    expect(refused[0]!.json().error).toBe(MSG.tooManyRequests);
    const wait = Number(refused[0]!.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TIMING.registrationCodeResendSeconds);
    expect(mailsTo(email)).toHaveLength(1);
    const stored = await t.db
      .selectFrom('email_verification_codes')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('counts the address whatever its case, and whoever asks; another address goes at once', async () => {
    expect((await send('Mayus@Correo.test')).statusCode).toBe(200);
    expect((await send('mayus@correo.test', 'master')).statusCode).toBe(429);
    expect((await send('otra@correo.test')).statusCode).toBe(200);
    expect(mailsTo('mayus@correo.test')).toHaveLength(1);
  });

  it('sends again once the countdown is over', async () => {
    const email = 'despues@correo.test';
    expect((await send(email)).statusCode).toBe(200);
    expect((await send(email)).statusCode).toBe(429);
    await sql`update email_verification_codes
                 set created_at = created_at - make_interval(secs => ${TIMING.registrationCodeResendSeconds})
               where email = ${email}`.execute(t.db);
    expect((await send(email)).statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(2);
  });
});
