// The 'Reenviar en …s' countdown (SPEC §9, 60 s) holds on the server too: one code per new address
// in that time, however many requests arrive at once. Without it a staff session could mail an
// address without end, and each new code came with 5 new tries at the 6-digit code.
import { TIMING } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { staffApp } from '../../../test/helpers.ts';
import { CODE_MAX_ATTEMPTS } from '../shared-codes/codes.ts';

const BASE = 'email-change/api/v1/email-change';
const PARALLEL = 40;

describe('email change: one code per new address per resend countdown', async () => {
  const { t, admin, master } = await staffApp();
  const post = (path: string, payload: object, role: 'admin' | 'master' = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: `/${role}/${BASE}${path}`,
      headers: role === 'admin' ? admin : master,
      payload,
    });
  const initiate = (registry: string, newEmail: string, role: 'admin' | 'master' = 'admin') =>
    post('/initiate', { business_registry_number: registry, new_email: newEmail }, role);
  const mailsTo = (email: string) => t.mail.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
  const countdownOver = (email: string) =>
    sql`update email_change_requests
           set created_at = created_at - make_interval(secs => ${TIMING.emailChangeResendSeconds})
         where lower(new_email) = lower(${email})`.execute(t.db);

  it(`mails one code for ${PARALLEL} parallel requests; the others answer 429 with Retry-After`, async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const email = 'paralelo.cambio@correo.test';
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => initiate(registry, email)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.every((res) => res.statusCode === 429)).toBe(true);
    expect(refused[0]!.json().error).toBe(MSG.tooManyRequests);
    const wait = Number(refused[0]!.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TIMING.emailChangeResendSeconds);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses a new code right after the tries are spent, so they are not renewed at will', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    const email = 'adivina@correo.test';
    expect((await initiate(registry, email)).statusCode).toBe(200);
    const code = /(\d{6})/.exec(mailsTo(email).at(-1)!.text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
      const res = await post('/complete', {
        business_registry_number: registry,
        new_email: email,
        verification_code: wrong,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await initiate(registry, email)).statusCode).toBe(429);
    expect((await initiate(registry, email.toUpperCase(), 'master')).statusCode).toBe(429);
    // Another business asking for the same address is the same address mailed again.
    const other = await insertBusiness(t);
    expect((await initiate(other.business_registry_number, email)).statusCode).toBe(429);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends at once to a corrected address, and again to the same one after the countdown', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    expect((await initiate(registry, 'errata@correo.test')).statusCode).toBe(200);
    expect((await initiate(registry, 'corregido@correo.test')).statusCode).toBe(200);
    expect((await initiate(registry, 'corregido@correo.test')).statusCode).toBe(429);
    await countdownOver('corregido@correo.test');
    const again = await initiate(registry, 'corregido@correo.test');
    expect(again.statusCode).toBe(200);
    expect(mailsTo('corregido@correo.test')).toHaveLength(2);
  });
});
