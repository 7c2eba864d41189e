// Building the app on a fresh database, and signed-in callers, for route tests.
import { hash } from '@node-rs/argon2';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/session.service.ts';
import type { AppConfig } from '../src/config.ts';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { trackOpenApp, untrackOpenApp } from './open-apps.ts';
import { freshDatabase } from './test-db.ts';

export const TEST_MASTER = { identifier: 'master', password: 'Maestro#2026' };
/** The fields of a sign-in's answer (/auth/login and its 2FA step); the master's adds `master_key`, an admin's `admin_name`. */
export const SIGN_IN_FIELDS = [
  'success',
  'message',
  'jwt',
  'admin_id',
  'session_id',
  'expires_at',
  'login_type',
  'ip_address',
] as const;
const JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-123');
let masterHash: Promise<string> | undefined;

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  production: false,
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  masterIdentifier: TEST_MASTER.identifier,
  mailFrom: 'test@localhost',
  logLevel: 'silent',
  publicRateLimit: 0,
  loginIpLimit: 1000,
  ...overrides,
});

/** A fresh app on a fresh database; closed after the file's tests (close-open-apps.ts). */
export async function createTestApp(overrides: Partial<AppConfig> = {}) {
  const handle = await freshDatabase();
  masterHash ??= hash(TEST_MASTER.password);
  const mail: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  const app = await buildApp({
    handle,
    config: testConfig(overrides),
    secrets: { jwtSecret: JWT_SECRET, masterPasswordHash: await masterHash },
    mailer,
  }).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  await app.ready();
  const tokens = { secret: JWT_SECRET, jwtTtlSeconds: overrides.jwtTtlSeconds ?? 900 };
  const t = {
    app,
    handle,
    db: handle.db,
    mail,
    /** The app's mailer: a test may replace its `send` to have the mail server refuse. */
    mailer,
    tokens,
    close: async () => {
      if (!untrackOpenApp(t)) return;
      await app.close();
      await handle.close();
    },
  };
  trackOpenApp(t);
  return t;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;

/** Headers of a live master session (jwt + master key). */
export async function masterHeaders(t: TestApp): Promise<Headers> {
  const session = await createSession(t.db, t.tokens, { loginType: 'master', adminId: null });
  return { authorization: `Bearer ${session.jwt}`, 'x-master-key': session.masterKey! };
}

/** A fresh app with an active admin's and the master's headers, for a route test's `describe`. */
export async function staffApp(overrides: Partial<AppConfig> = {}) {
  const t = await createTestApp(overrides);
  return { t, admin: (await createAdmin(t)).headers, master: await masterHeaders(t) };
}

let adminCounter = 0;
/** Creates an admin with the given status and a session for them. */
export async function createAdmin(
  t: TestApp,
  status: 'active' | 'pending' | 'inactive' | 'suspended' = 'active',
) {
  adminCounter += 1;
  const email = `admin${adminCounter}.${Date.now()}@portal.test`;
  const admin = await t.db
    .insertInto('admins')
    .values({
      admin_first_name: 'Ana',
      admin_last_name: 'Rivera',
      admin_email: email,
      admin_phone: '7875550100',
      admin_password_hash: await hash('Admin#2026x'),
      access_status: status,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const session = await createSession(t.db, t.tokens, { loginType: 'admin', adminId: admin.admin_id });
  const headers: Headers = { authorization: `Bearer ${session.jwt}`, 'x-admin-id': String(admin.admin_id) };
  return { admin, session, headers, password: 'Admin#2026x' };
}

/** A minimal business row; the trigger logs its INSERT as 'Sistema'. */
export async function createBusiness(
  t: TestApp,
  values: Partial<{
    business_name: string;
    business_email: string;
    business_phone: string;
    business_owner: string;
    business_category: string;
  }> = {},
) {
  adminCounter += 1;
  const n = String(adminCounter).padStart(4, '0');
  return t.db
    .insertInto('businesses')
    .values({
      business_name: values.business_name ?? `Negocio ${n}`,
      business_owner: values.business_owner ?? 'Luis Ortiz',
      business_email: values.business_email ?? `negocio${n}.${Date.now()}@correo.test`,
      business_phone:
        values.business_phone ?? `787${String(Date.now() % 10_000).padStart(4, '0')}${n.slice(-3)}`,
      business_category: values.business_category ?? 'Restaurantes',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
