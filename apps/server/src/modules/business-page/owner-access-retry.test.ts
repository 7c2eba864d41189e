// The business page's owner_access and its retry: a staff registration whose temporary-password
// mail failed on every try shows 'failed', and POST …/owner-access/retry queues it again (with a
// staff audit row) and tries it at once.
import { MSG } from '@portal/contract/messages';
import { STAFF_AUDIT_PATH, type StaffActionRecord } from '@portal/contract/staff-audit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError, getJson } from '../../../test/business-api-helpers.ts';
import { createBusiness, type Headers, staffApp } from '../../../test/helpers.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { deliverNextOwnerAccess, OWNER_ACCESS } from '../../mail/owner-access-mails.ts';

const BASE = '/business-page/api/v1/business-page';
const REGISTER = '/public/business-registration/api/v1/business-registration/register';
const PASSWORD = /Contraseña temporal: (\S+)/;
/** A mail that is no longer pending: no next try, no pending state. */
const settled = (status: string, attempts: number) => ({
  status,
  attempts,
  next_attempt_at: null,
  pending_state: null,
});

describe("the business page's owner access retry", async () => {
  const { t, admin, master } = await staffApp();
  const realSend = t.mailer.send;
  const refuse = () => {
    t.mailer.send = async () => {
      throw new Error('421 mail server busy');
    };
  };
  const accept = () => {
    t.mailer.send = realSend;
  };

  const page = (registry: string, headers: Headers = admin) =>
    getJson(t, `/admin${BASE}/registry/${registry}`, headers);
  const retry = (registry: string, headers: Headers = admin, prefix = '/admin') =>
    t.app.inject({
      method: 'POST',
      url: `${prefix}${BASE}/registry/${registry}/owner-access/retry`,
      headers,
    });
  const businessOf = (registry: string) =>
    t.db
      .selectFrom('businesses')
      .select(['id', 'password_hash', 'business_email'])
      .where('business_registry_number', '=', registry)
      .executeTakeFirstOrThrow();
  const mailRows = async (registry: string) =>
    t.db
      .selectFrom('owner_access_mails')
      .selectAll()
      .where('business_id', '=', (await businessOf(registry)).id)
      .orderBy('id')
      .execute();

  /** A staff registration whose mail the server refused on all its tries: its registry number. */
  async function registrationWithFailedMail() {
    refuse();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: REGISTER,
        headers: admin,
        payload: {
          business_name: `Reintento ${Date.now()}`,
          business_owner: 'Carmen Rosario',
          business_email: `reintento.${Date.now()}@correo.test`,
          business_phone: `787${String(Date.now() % 10_000_000).padStart(7, '0')}`,
          // The form sends one; a staff registration's owner gets a temporary one instead.
          password: 'Secreta#2026',
          business_terms: true,
          business_category: 'Colmados',
          referral_source: 'admin_registration',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ temporary_password_sent: false });
      const registry = res.json().business_registry_number as string;
      const { id } = await businessOf(registry);
      // The registration's own try was the first; the workers make the other nine.
      for (let attempt = 2; attempt <= OWNER_ACCESS.maxAttempts; attempt += 1) {
        await t.db
          .updateTable('owner_access_mails')
          .set({ next_attempt_at: sql`now() - interval '1 second'` })
          .where('business_id', '=', id)
          .where('status', '=', 'pending')
          .execute();
        expect(await deliverNextOwnerAccess({ db: t.db, mailer: t.mailer })).toBe(true);
      }
      return registry;
    } finally {
      accept();
    }
  }

  it('shows the failed mail on the page and sends it again on request, with a password that works', async () => {
    const registry = await registrationWithFailedMail();
    const before = await page(registry);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().owner_access).toEqual(settled('failed', OWNER_ACCESS.maxAttempts));

    const mailsBefore = t.mail.length;
    const res = await retry(registry, master, '/master');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, owner_access: settled('sent', 1), sent: true });
    expect((await page(registry)).json().owner_access).toEqual(settled('sent', 1));

    // One mail, to the business, with the password its hash now verifies.
    expect(t.mail).toHaveLength(mailsBefore + 1);
    const mail = t.mail.at(-1)!;
    const business = await businessOf(registry);
    expect(mail.to).toBe(business.business_email);
    expect(await verifyPassword(business.password_hash!, PASSWORD.exec(mail.text)?.[1] ?? '')).toBe(true);
    // The same mail row, queued again by the caller: no second row.
    const rows = await mailRows(registry);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null, changed_by: 'Master' });

    // The staff audit has the retry, on the business; the change log names the caller for the password.
    const audit = await getJson(t, STAFF_AUDIT_PATH, master, { action: 'owner_access_retry', registry });
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = audit.json().staff_actions as StaffActionRecord[];
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      action: 'owner_access_retry',
      actor_role: 'master',
      target_kind: 'business',
      target_registry: registry,
    });
    const passwordLogs = await t.db
      .selectFrom('business_change_logs')
      .select('changed_by')
      .where('business_registry_number', '=', registry)
      .where('changed_column', '=', 'password')
      .orderBy('log_id', 'desc')
      .execute();
    expect(passwordLogs[0]?.changed_by).toBe(actions[0]!.actor_identifier);

    // Sent now: nothing failed to send again.
    expectError(await retry(registry), 409, MSG.ownerAccessNotFailed);
  });

  it('with the mail server still refusing, answers sent false and leaves the mail queued', async () => {
    const registry = await registrationWithFailedMail();
    refuse();
    let res: Awaited<ReturnType<typeof retry>>;
    try {
      res = await retry(registry);
    } finally {
      accept();
    }
    expect(res.statusCode, res.body).toBe(200);
    // Queued again: the workers try it later; meanwhile it is not 'failed'.
    const [row] = await mailRows(registry);
    const waiting = {
      status: 'pending',
      attempts: 1,
      next_attempt_at: row!.next_attempt_at.toISOString(),
      pending_state: 'retrying',
    };
    expect(res.json()).toEqual({ success: true, owner_access: waiting, sent: false });
    expect((await page(registry)).json().owner_access).toEqual(waiting);
    expect(row).toMatchObject({ status: 'pending', last_error: '421 mail server busy' });
    expect(row!.changed_by).toMatch(/@portal\.test$/);
    expectError(await retry(registry), 409, MSG.ownerAccessNotFailed);
  });

  it('a failed mail is not offered again once the owner has another password (a reset)', async () => {
    const registry = await registrationWithFailedMail();
    expect((await page(registry)).json().owner_access).toMatchObject({ status: 'failed' });
    await t.db
      .updateTable('businesses')
      .set({ password_hash: 'the-owners-own' })
      .where('business_registry_number', '=', registry)
      .execute();
    expect((await page(registry)).json().owner_access).toMatchObject({ status: 'cancelled' });
    const res = await retry(registry);
    expect(res.statusCode).toBe(409);
    expect((await mailRows(registry)).map((row) => row.status)).toEqual(['failed']);
  });

  it('answers owner_access null and 409 for a business that never had a mail', async () => {
    const business = await createBusiness(t);
    const res = await page(business.business_registry_number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().owner_access).toBeNull();
    expectError(await retry(business.business_registry_number), 409, MSG.ownerAccessNotFailed);
  });

  it('answers 404 for an unknown registry, 401 without a session and 403 to an admin under /master', async () => {
    expectError(await retry('REG999999'), 404, MSG.resourceNotFound);
    const registry = (await createBusiness(t)).business_registry_number;
    expect((await retry(registry, {})).statusCode).toBe(401);
    expect((await retry(registry, admin, '/master')).statusCode).toBe(403);
    // Nothing was recorded for the refused calls.
    const audit = await getJson(t, STAFF_AUDIT_PATH, master, { action: 'owner_access_retry', registry });
    expect(audit.json().staff_actions).toEqual([]);
  });
});
