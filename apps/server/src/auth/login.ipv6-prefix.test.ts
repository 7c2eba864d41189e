// One IPv6 client holds a whole /64 (every home line and cloud host gets one): the sign-in limits
// per address count that /64 as one address, as the public rate limit already does, so stepping
// through the addresses of one's own /64 is no way around LOGIN_IP_LIMIT or the per-address lock.
import { AUTH_MSG } from '@portal/contract/auth';
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp } from '../../test/helpers.ts';

/** The password createAdmin gives every admin. */
const ADMIN_PASSWORD = 'Admin#2026x';

describe('sign-in limits per address with IPv6', async () => {
  const t = await createTestApp({ loginIpLimit: 3 });
  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

  it('counts the failures of every address of one /64 under LOGIN_IP_LIMIT', async () => {
    const { admin } = await createAdmin(t, 'active');
    for (const n of [1, 2, 3]) {
      const res = await attempt(`guess${n}@portal.test`, 'Wrong#Pass1', `2001:db8:7:1::${n}`);
      expect(res.statusCode).toBe(401);
    }
    const next = await attempt(admin.admin_email, ADMIN_PASSWORD, '2001:db8:7:1:abcd:ef01:2345:6789');
    expect(next.statusCode).toBe(429);
    expect(next.json().error).toBe(AUTH_MSG.ipLocked);
    // The same /64 written another way.
    expect((await attempt(admin.admin_email, ADMIN_PASSWORD, '2001:0db8:0007:0001::ff')).statusCode).toBe(
      429,
    );
    // Another /64 is another client.
    expect((await attempt(admin.admin_email, ADMIN_PASSWORD, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('locks an account for the whole /64 after 5 wrong passwords, not for one address of it', async () => {
    const wide = await createTestApp({ loginIpLimit: 1000 });
    const { admin: other } = await createAdmin(wide, 'active');
    const guess = (n: number) =>
      wide.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: other.admin_email, password: 'Wrong#Pass1' },
        remoteAddress: `2001:db8:9:9::${n.toString(16)}`,
      });
    for (let n = 1; n <= 5; n += 1) expect((await guess(n)).statusCode).toBe(401);
    const sixth = await guess(6);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(MSG.loginLocked);
  });

  it('keeps IPv4 addresses apart, and reads an IPv4-mapped address as its IPv4 address', async () => {
    const { admin } = await createAdmin(t, 'active');
    for (const n of [1, 2, 3]) {
      expect((await attempt(`v4guess${n}@portal.test`, 'Wrong#Pass1', '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await attempt(admin.admin_email, ADMIN_PASSWORD, '::ffff:198.51.100.7')).statusCode).toBe(429);
    expect((await attempt(admin.admin_email, ADMIN_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });
});
