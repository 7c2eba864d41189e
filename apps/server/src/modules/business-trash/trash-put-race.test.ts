// A deletion waits for a write under way on one of the business's rows before it copies them into
// the trash: a payment webhook's change to the subscription, committed while the deletion ran, is
// in the copy, so a restore brings back the subscription as the provider last left it. PostgreSQL
// only: the write and the deletion need two connections at once.
import { describe, expect, it } from 'vitest';
import { createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import { usePostgres } from '../../../test/test-db.ts';

describe.runIf(usePostgres())('deleting a business while its subscription is being written', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);

  it('copies the subscription as that write left it', async () => {
    const business = await createBusiness(t);
    const subscription = await t.db
      .insertInto('subscriptions')
      .values({
        business_id: business.id,
        subscription_provider: 'stripe',
        provider_subscription_id: 'sub_race',
        subscription_tier: 'basic',
        subscription_status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    let finishWrite = () => {};
    let written = () => {};
    const writeHeld = new Promise<void>((resolve) => {
      written = resolve;
    });
    const write = t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ subscription_status: 'canceled' })
        .where('id', '=', subscription.id)
        .execute();
      written();
      await new Promise<void>((resolve) => {
        finishWrite = resolve;
      });
    });
    await writeHeld;
    const deletion = t.app.inject({
      method: 'DELETE',
      url: `/master/business-deletion/${business.business_registry_number}`,
      headers: master,
    });
    // Give the deletion time to reach the subscription's row, then let the write commit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    finishWrite();
    await write;
    expect((await deletion).statusCode).toBe(200);

    const trashed = await t.db
      .selectFrom('business_trash')
      .select('dependents')
      .where('business_id', '=', business.id)
      .executeTakeFirstOrThrow();
    const copied = (trashed.dependents as { subscriptions: { subscription_status: string }[] }).subscriptions;
    expect(copied.map((row) => row.subscription_status)).toEqual(['canceled']);
  });

  it('with If-Match, waits for a webhook that then writes an invoice, without a deadlock', async () => {
    const business = await createBusiness(t);
    const { version } = await t.db
      .selectFrom('businesses')
      .select('version')
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    const subscription = await t.db
      .insertInto('subscriptions')
      .values({
        business_id: business.id,
        subscription_provider: 'stripe',
        provider_subscription_id: 'sub_race_if_match',
        subscription_tier: 'basic',
        subscription_status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    let goOn = () => {};
    let updated = () => {};
    const subscriptionLocked = new Promise<void>((resolve) => {
      updated = resolve;
    });
    // A webhook: the subscription first, then (once the deletion is waiting) an invoice of the business.
    const webhook = t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ subscription_status: 'past_due' })
        .where('id', '=', subscription.id)
        .execute();
      updated();
      await new Promise<void>((resolve) => {
        goOn = resolve;
      });
      await trx
        .insertInto('billing_history')
        .values({
          business_id: business.id,
          subscription_id: subscription.id,
          amount: 999,
          transaction_date: new Date(),
          provider: 'stripe',
          tier: 'basic',
          status: 'failed',
        })
        .execute();
    });
    await subscriptionLocked;
    const deletion = t.app.inject({
      method: 'DELETE',
      url: `/master/business-deletion/${business.business_registry_number}`,
      headers: { ...master, 'if-match': `"${version}"` },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    goOn();
    await webhook;
    expect((await deletion).statusCode).toBe(200);
    const trashed = await t.db
      .selectFrom('business_trash')
      .select('dependents')
      .where('business_id', '=', business.id)
      .executeTakeFirstOrThrow();
    const copied = trashed.dependents as {
      billing_history: unknown[];
      subscriptions: { subscription_status: string }[];
    };
    expect(copied.subscriptions.map((row) => row.subscription_status)).toEqual(['past_due']);
    expect(copied.billing_history).toHaveLength(1);
  });
});
