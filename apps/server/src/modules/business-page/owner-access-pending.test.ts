// The business page's owner_access while the temporary-password mail is pending: what it waits for
// (its first try, a try under way, a try after a refused one, the trash) and when the next try is,
// for admins and masters alike.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getJson } from '../../../test/business-api-helpers.ts';
import { createBusiness, type Headers, staffApp } from '../../../test/helpers.ts';
import {
  deliverOwnerAccess,
  IN_TRASH,
  type OwnerAccessDeps,
  queueOwnerAccess,
} from '../../mail/owner-access-mails.ts';

const BASE = '/business-page/api/v1/business-page';

describe("the business page's pending owner access mail", async () => {
  const { t, admin, master } = await staffApp();

  const ownerAccess = async (registry: string, headers: Headers = admin, prefix = '/admin') => {
    const res = await getJson(t, `${prefix}${BASE}/registry/${registry}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().owner_access;
  };

  /** A business with one mail queued for its owner, as an import's batch queues it; its registry. */
  async function businessWithQueuedMail() {
    const business = await createBusiness(t);
    await t.db
      .transaction()
      .execute((trx) =>
        queueOwnerAccess(trx, { changedBy: 'Master', ip: null, userAgent: null, importId: null }, [
          business.id,
        ]),
      );
    return { registry: business.business_registry_number, id: business.id };
  }

  const mailOf = (businessId: number) =>
    t.db
      .selectFrom('owner_access_mails')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();

  /** A worker's try of this business's mail (and of no other mail queued by the other tests). */
  const tryMail = async (businessId: number, mailer: OwnerAccessDeps['mailer']) =>
    deliverOwnerAccess({ db: t.db, mailer }, (await mailOf(businessId)).id);

  it('a mail not tried yet is queued, with its next try, for an admin and the master', async () => {
    const { registry, id } = await businessWithQueuedMail();
    const row = await mailOf(id);
    const queued = {
      status: 'pending',
      attempts: 0,
      next_attempt_at: row.next_attempt_at.toISOString(),
      pending_state: 'queued',
    };
    expect(await ownerAccess(registry)).toEqual(queued);
    expect(await ownerAccess(registry, master, '/master')).toEqual(queued);
  });

  it('a mail the server refused waits to be tried again, and says when and how many tries', async () => {
    const { registry, id } = await businessWithQueuedMail();
    const refusing = {
      send: async () => {
        throw new Error('421 mail server busy');
      },
    };
    expect(await tryMail(id, refusing)).toBe('refused');
    const row = await mailOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 mail server busy' });
    expect(await ownerAccess(registry)).toEqual({
      status: 'pending',
      attempts: 1,
      next_attempt_at: row.next_attempt_at.toISOString(),
      pending_state: 'retrying',
    });
  });

  it('a try under way is sending; once sent nothing is pending', async () => {
    const { registry, id } = await businessWithQueuedMail();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slowMailer = {
      send: async () => {
        started();
        await held;
      },
    };
    const delivery = tryMail(id, slowMailer);
    await sending;
    expect(await ownerAccess(registry)).toMatchObject({
      status: 'pending',
      attempts: 1,
      pending_state: 'sending',
    });
    release();
    expect(await delivery).toBe('sent');
    expect((await mailOf(id)).status).toBe('sent');
    expect(await ownerAccess(registry)).toEqual({
      status: 'sent',
      attempts: 1,
      next_attempt_at: null,
      pending_state: null,
    });
  });

  it('a mail waiting for its business to leave the trash has no next try', async () => {
    const { registry, id } = await businessWithQueuedMail();
    await t.db
      .updateTable('owner_access_mails')
      .set({ last_error: IN_TRASH, next_attempt_at: sql`now() + interval '1 hour'` })
      .where('business_id', '=', id)
      .execute();
    expect(await ownerAccess(registry)).toEqual({
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      pending_state: 'in_trash',
    });
  });

  it('a mail woken after tries (a restore from the trash) waits for its next try; it is not sending', async () => {
    const { registry, id } = await businessWithQueuedMail();
    await t.db
      .updateTable('owner_access_mails')
      .set({ attempts: 2, last_error: null, next_attempt_at: sql`now() - interval '1 second'` })
      .where('business_id', '=', id)
      .execute();
    expect(await ownerAccess(registry)).toMatchObject({
      status: 'pending',
      attempts: 2,
      pending_state: 'queued',
    });
  });
});
