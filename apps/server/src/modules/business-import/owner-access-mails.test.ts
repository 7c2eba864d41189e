// The owners' access mails of an import: queued with the batch, each business's temporary password
// set just before its try, retried when the mail server refuses, 'failed' after the last try until
// staff ask again, never sent twice by racing workers, and not sent to a business that has another
// password or left the directory.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { deliverNextOwnerAccess, OWNER_ACCESS } from '../../mail/owner-access-mails.ts';
import { purgeImports } from './business-import.repository.ts';
import { runNextJob } from './import-job.ts';
import { startImportWorker } from './import-worker.ts';

let phone = 0;
const newPhone = () => `939${String(6_000_000 + ++phone).padStart(7, '0')}`;
let file = 0;

const PASSWORD = /Contraseña temporal: (\S+)/;
const passwordOf = (mail: Mail) => PASSWORD.exec(mail.text)?.[1] ?? '';

const collecting = () => {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
};
const refusing: Mailer = {
  send: async () => {
    throw new Error('421 mail server busy');
  },
};

describe("owners' access mails of an import", async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);

  /** Imports `count` new businesses with 'Enviar acceso a los dueños'; their emails. */
  async function importWithAccess(count: number) {
    file += 1;
    const emails = Array.from({ length: count }, (_, i) => `acceso${file}.${i}.${Date.now()}@correo.test`);
    const rows = emails.map((email, i) => [`Acceso ${file}-${i}`, 'Ana', email, newPhone(), '']);
    const id = (await calls.upload(`acceso${file}.csv`, csv([SPEC_HEADERS, ...rows]))).json().import
      .import_id;
    expect((await calls.preview(id)).json().import.summary).toMatchObject({ create: count, error: 0 });
    expect((await calls.commit(id, { send_owner_access: true })).statusCode).toBe(202);
    expect(await runNextJob({ db: t.db })).toBe(true);
    return { id: id as string, emails };
  }

  const deliverAll = async (mailer: Mailer) => {
    let handled = 0;
    while (await deliverNextOwnerAccess({ db: t.db, mailer })) handled += 1;
    return handled;
  };
  const queueRows = (importId: string) =>
    t.db
      .selectFrom('owner_access_mails')
      .selectAll()
      .where('import_id', '=', importId)
      .orderBy('id')
      .execute();
  const business = (email: string) =>
    t.db
      .selectFrom('businesses')
      .select(['id', 'business_registry_number', 'password_hash', 'must_change_password'])
      .where('business_email', '=', email)
      .executeTakeFirstOrThrow();
  /** Makes every pending mail of the import due now, as if its wait had passed. */
  const dueNow = (importId: string) =>
    t.db
      .updateTable('owner_access_mails')
      .set({ next_attempt_at: sql`now() - interval '1 second'` })
      .where('import_id', '=', importId)
      .where('status', '=', 'pending')
      .execute();

  it('queues one mail per business in the batch, then each mail carries the password that works', async () => {
    const { id, emails } = await importWithAccess(3);
    // Committed with the batch; nobody has a password before their mail.
    expect((await queueRows(id)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    for (const email of emails) expect((await business(email)).password_hash).toBeNull();
    expect((await calls.get(id)).json().import.owner_access).toEqual({
      sent: 0,
      pending: 3,
      in_trash: 0,
      failed: 0,
      cancelled: 0,
    });

    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(3);
    expect(sent.map((mail) => mail.to).sort()).toEqual([...emails].sort());
    for (const mail of sent) {
      const row = await business(mail.to);
      expect(mail.text).toContain(row.business_registry_number);
      expect(await verifyPassword(row.password_hash!, passwordOf(mail))).toBe(true);
      expect(row.must_change_password).toBe(true);
    }
    expect((await calls.get(id)).json().import.owner_access).toEqual({
      sent: 3,
      pending: 0,
      in_trash: 0,
      failed: 0,
      cancelled: 0,
    });
    // The business's history says who gave it a password, never the password.
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_by', 'new_value'])
      .where('business_registry_number', '=', (await business(emails[0]!)).business_registry_number)
      .where('changed_column', '=', 'password')
      .execute();
    expect(logs).toEqual([{ changed_by: expect.stringMatching(/ \(importación\)$/), new_value: '********' }]);
  });

  it('without the option queues nothing and answers owner_access null', async () => {
    const email = `sin.acceso.${Date.now()}@correo.test`;
    const id = (
      await calls.upload('sin.csv', csv([SPEC_HEADERS, ['Sin Acceso', 'Ana', email, newPhone(), '']]))
    ).json().import.import_id;
    await calls.preview(id);
    await calls.commit(id);
    await runNextJob({ db: t.db });
    expect(await queueRows(id)).toEqual([]);
    expect((await calls.get(id)).json().import.owner_access).toBeNull();
  });

  it('tries a refused mail again later, fails it after the last try, and sends it when asked again', async () => {
    const { id, emails } = await importWithAccess(1);
    expect(await deliverAll(refusing)).toBe(1);
    let [row] = await queueRows(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 mail server busy' });
    // The next try waits a minute, not less.
    expect(row!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    for (let attempt = 2; attempt <= OWNER_ACCESS.maxAttempts; attempt += 1) {
      await dueNow(id);
      expect(await deliverAll(refusing)).toBe(1);
    }
    [row] = await queueRows(id);
    expect(row).toMatchObject({ status: 'failed', attempts: OWNER_ACCESS.maxAttempts });
    await dueNow(id);
    expect(await deliverAll(refusing)).toBe(0);
    expect((await calls.get(id)).json().import.owner_access).toMatchObject({ failed: 1, pending: 0 });

    // The master asks again: the password that mail sets is in the history under the master's name.
    const retried = await importCalls(t, master, 'master').retryOwnerAccess(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().import.owner_access).toMatchObject({ failed: 0, pending: 1 });
    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual(emails);
    const owner = await business(emails[0]!);
    expect(await verifyPassword(owner.password_hash!, passwordOf(sent[0]!))).toBe(true);
    expect((await calls.get(id)).json().import.owner_access).toMatchObject({ sent: 1, failed: 0 });
    const last = await t.db
      .selectFrom('business_change_logs')
      .select('changed_by')
      .where('business_registry_number', '=', owner.business_registry_number)
      .where('changed_column', '=', 'password')
      .orderBy('log_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.changed_by).toBe('Master (importación)');
  });

  /** The 'password' rows of a business's history. */
  const passwordLogs = async (email: string) =>
    t.db
      .selectFrom('business_change_logs')
      .select(['changed_by', 'old_value', 'new_value'])
      .where('business_registry_number', '=', (await business(email)).business_registry_number)
      .where('changed_column', '=', 'password')
      .execute();

  it("writes one 'password' row to the business's history, for the mail that was sent, not one per try", async () => {
    const { id, emails } = await importWithAccess(1);
    expect(await deliverAll(refusing)).toBe(1);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await dueNow(id);
      expect(await deliverAll(refusing)).toBe(1);
    }
    // Three passwords were set, none reached the owner: the history says nothing yet.
    expect((await queueRows(id))[0]).toMatchObject({ status: 'pending', attempts: 3 });
    expect(await passwordLogs(emails[0]!)).toEqual([]);
    await dueNow(id);
    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(1);
    expect(await verifyPassword((await business(emails[0]!)).password_hash!, passwordOf(sent[0]!))).toBe(
      true,
    );
    expect(await passwordLogs(emails[0]!)).toEqual([
      {
        changed_by: expect.stringMatching(/ \(importación\)$/),
        old_value: '********',
        new_value: '********',
      },
    ]);
  });

  it('a try that never finished (the process died) is sent again after its lease, and only the new password works', async () => {
    const { id, emails } = await importWithAccess(1);
    let release: () => void = () => {};
    let stuckMail: Mail | undefined;
    const stuck: Mailer = {
      send: (mail) =>
        new Promise<void>((resolve) => {
          stuckMail = mail;
          release = resolve;
        }),
    };
    const first = deliverNextOwnerAccess({ db: t.db, mailer: stuck });
    await expect.poll(() => stuckMail).toBeDefined();
    // Under its lease no other worker takes it.
    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(0);
    await dueNow(id);
    expect(await deliverAll(mailer)).toBe(1);
    const owner = await business(emails[0]!);
    expect(await verifyPassword(owner.password_hash!, passwordOf(sent[0]!))).toBe(true);
    expect(await verifyPassword(owner.password_hash!, passwordOf(stuckMail!))).toBe(false);
    // The first try ending late changes nothing.
    release();
    expect(await first).toBe(true);
    expect(await queueRows(id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  /** A mailer whose sends wait until the test lets each go, resolved or refused. */
  const held = () => {
    const sends: { mail: Mail; settle: (refuse?: boolean) => void }[] = [];
    const mailer: Mailer = {
      send: (mail) =>
        new Promise<void>((resolve, reject) => {
          sends.push({ mail, settle: (refuse) => (refuse ? reject(new Error('timeout')) : resolve()) });
        }),
    };
    return { sends, mailer };
  };

  it('a late try that finds its mail taken by a newer one changes nothing, sent or refused', async () => {
    const { id, emails } = await importWithAccess(1);
    const late = held();
    const first = deliverNextOwnerAccess({ db: t.db, mailer: late.mailer });
    await expect.poll(() => late.sends.length).toBe(1);
    await dueNow(id);
    const newer = held();
    const second = deliverNextOwnerAccess({ db: t.db, mailer: newer.mailer });
    await expect.poll(() => newer.sends.length).toBe(1);
    const leased = (await queueRows(id))[0]!.next_attempt_at;

    // The late try fails: the newer try's lease stands, and no error is written over it.
    late.sends[0]!.settle(true);
    expect(await first).toBe(true);
    expect(await queueRows(id)).toMatchObject([{ status: 'pending', attempts: 2, last_error: null }]);
    expect((await queueRows(id))[0]!.next_attempt_at).toEqual(leased);

    // The newer try is refused; a third try is left waiting. Then a late try that succeeds must not
    // mark it sent: its password was replaced, and the owner would hold one that does not work.
    newer.sends[0]!.settle(true);
    expect(await second).toBe(true);
    await dueNow(id);
    const third = held();
    const running = deliverNextOwnerAccess({ db: t.db, mailer: third.mailer });
    await expect.poll(() => third.sends.length).toBe(1);
    await dueNow(id);
    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(1);
    third.sends[0]!.settle();
    expect(await running).toBe(true);
    expect(await queueRows(id)).toMatchObject([{ status: 'sent', attempts: 4 }]);
    const owner = await business(emails[0]!);
    expect(await verifyPassword(owner.password_hash!, passwordOf(sent[0]!))).toBe(true);
    expect(await verifyPassword(owner.password_hash!, passwordOf(third.sends[0]!.mail))).toBe(false);
    // The history has the sent mail's password only: not the tries', nor the late one's.
    expect(await passwordLogs(emails[0]!)).toHaveLength(1);
  });

  it('sends nothing to a business that has another password since, or was deleted; waits while it is in the trash, sent once restored', async () => {
    const { id, emails } = await importWithAccess(3);
    const [reset, trashed, deleted] = await Promise.all(emails.map(business));
    expect(await deliverAll(refusing)).toBe(3);
    await t.db.updateTable('businesses').set({ password_hash: 'otra' }).where('id', '=', reset!.id).execute();
    const remove = (path: string) => t.app.inject({ method: 'DELETE', url: path, headers: master });
    expect((await remove(`/master/business-deletion/${trashed!.business_registry_number}`)).statusCode).toBe(
      200,
    );
    expect((await remove(`/master/business-deletion/${deleted!.business_registry_number}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await remove(
          `/master/business-trash/api/v1/business-trash/registry/${deleted!.business_registry_number}`,
        )
      ).statusCode,
    ).toBe(200);
    await dueNow(id);
    const { sent, mailer } = collecting();
    expect(await deliverAll(mailer)).toBe(3);
    expect(sent).toEqual([]);
    const rows = await queueRows(id);
    const byBusiness = new Map(rows.map((row) => [row.business_id, row]));
    expect(byBusiness.get(reset!.id)).toMatchObject({ status: 'cancelled' });
    expect(byBusiness.get(deleted!.id)).toMatchObject({ status: 'cancelled' });
    // In the trash: still pending, its tries untouched, looked at again in an hour.
    expect(byBusiness.get(trashed!.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(byBusiness.get(trashed!.id)!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    // The import says it waits for the trash, not for a try.
    expect((await calls.get(id)).json().import.owner_access).toEqual({
      sent: 0,
      pending: 0,
      in_trash: 1,
      failed: 0,
      cancelled: 2,
    });
    // Restored, it is due at once, and its owner gets the mail.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/master/business-trash/api/v1/business-trash/registry/${trashed!.business_registry_number}/restore`,
          headers: master,
        })
      ).statusCode,
    ).toBe(200);
    expect(await deliverAll(mailer)).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual([emails[1]]);
    expect((await calls.get(id)).json().import.owner_access).toEqual({
      sent: 1,
      pending: 0,
      in_trash: 0,
      failed: 0,
      cancelled: 2,
    });
  });

  it('a mail whose password the database refuses waits for its lease, and the other mails still go', async () => {
    const { id, emails } = await importWithAccess(3);
    const stuck = await business(emails[0]!);
    await sql`create function refuse_owner_password() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`.execute(t.db);
    await sql
      .raw(
        `create trigger refuse_owner_password before update of password_hash on businesses
           for each row when (new.id = ${stuck.id}) execute function refuse_owner_password()`,
      )
      .execute(t.db);
    const { sent, mailer } = collecting();
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 4; i += 1) {
        outcomes.push(
          await deliverNextOwnerAccess({ db: t.db, mailer }).then(
            (handled) => String(handled),
            (error: Error) => error.message,
          ),
        );
      }
    } finally {
      await sql`drop trigger refuse_owner_password on businesses`.execute(t.db);
      await sql`drop function refuse_owner_password()`.execute(t.db);
    }
    expect(outcomes).toEqual(['refused for the test', 'true', 'true', 'false']);
    expect(sent.map((mail) => mail.to).sort()).toEqual([emails[1], emails[2]].sort());
    const rows = await queueRows(id);
    expect(rows.find((row) => row.business_id === stuck.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    // After its lease it is tried again, and goes.
    await dueNow(id);
    expect(await deliverAll(mailer)).toBe(1);
    expect(sent.map((mail) => mail.to)).toContain(emails[0]);
  });

  it('sends each mail once when several workers run at the same time', async () => {
    const { id, emails } = await importWithAccess(12);
    const { sent, mailer } = collecting();
    const worker = async () => {
      while (await deliverNextOwnerAccess({ db: t.db, mailer })) {
        // the next due mail
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(sent.map((mail) => mail.to).sort()).toEqual([...emails].sort());
    expect((await queueRows(id)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('the import worker runs the job and sends the mails it queued by itself, and stops cleanly', async () => {
    const email = `solo.${Date.now()}@correo.test`;
    const id = (
      await calls.upload('solo.csv', csv([SPEC_HEADERS, ['Solo', 'Ana', email, newPhone(), '']]))
    ).json().import.import_id;
    await calls.preview(id);
    const { sent, mailer } = collecting();
    const log = { error: () => {}, info: () => {} };
    const worker = startImportWorker({ db: t.db, mailer, log }, 50);
    try {
      expect((await calls.commit(id, { send_owner_access: true })).statusCode).toBe(202);
      worker.poke();
      await expect.poll(() => sent.map((mail) => mail.to), { timeout: 10_000 }).toEqual([email]);
      await expect
        .poll(async () => (await calls.get(id)).json().import.owner_access)
        .toEqual({ sent: 1, pending: 0, in_trash: 0, failed: 0, cancelled: 0 });
    } finally {
      await worker.stop();
    }
  });

  it("only the import's owner or the master may ask again; anyone else gets 404 or 401", async () => {
    const { id } = await importWithAccess(1);
    const other = (await createAdmin(t)).headers;
    const url = (role: string) => `/${role}/business-import/api/v1/imports/${id}/owner-access/retry`;
    expect((await t.app.inject({ method: 'POST', url: url('admin'), headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url('admin') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url('master'), headers: master })).statusCode).toBe(
      200,
    );
  });

  it('the 30-day purge takes the import and its sent mails, and keeps a failed one while its business is here', async () => {
    const { id, emails } = await importWithAccess(3);
    const [sent, failed, gone] = await Promise.all(emails.map(business));
    const setStatus = (businessId: number, status: string) =>
      t.db.updateTable('owner_access_mails').set({ status }).where('business_id', '=', businessId).execute();
    await setStatus(sent!.id, 'sent');
    await setStatus(failed!.id, 'failed');
    await setStatus(gone!.id, 'failed');
    await t.db.deleteFrom('businesses').where('id', '=', gone!.id).execute();
    const old = sql<Date>`now() - interval '31 days'`;
    await t.db.updateTable('business_imports').set({ created_at: old }).where('import_id', '=', id).execute();
    await t.db
      .updateTable('owner_access_mails')
      .set({ created_at: old })
      .where('import_id', '=', id)
      .execute();

    await purgeImports(t.db, 30);
    const left = await t.db
      .selectFrom('owner_access_mails')
      .select(['business_id', 'status', 'import_id'])
      .where('business_id', 'in', [sent!.id, failed!.id, gone!.id])
      .execute();
    expect(left).toEqual([{ business_id: failed!.id, status: 'failed', import_id: null }]);
  });
});
