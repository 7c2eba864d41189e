// A deletion waits for a write under way on one of the business's rows before it copies them into
// the trash: a payment webhook's change to the subscription, committed while the deletion ran, is
// in the copy, so a restore brings back the subscription as the provider last left it. PostgreSQL
// only: the write and the deletion need two connections at once.
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import { usePostgres } from '../../../test/test-db.ts';
import type { Database } from '../../db/types.ts';

interface Copied {
  subscriptions: { subscription_status: string }[];
  billing_history: unknown[];
}

describe.runIf(usePostgres())('deleting a business while its subscription is being written', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);

  /** A business with one Stripe subscription, and the deletion of the business. */
  async function businessWithSubscription() {
    const business = await createBusiness(t);
    const subscription = await t.db
      .insertInto('subscriptions')
      .values({
        business_id: business.id,
        subscription_provider: 'stripe',
        provider_subscription_id: `sub_race_${business.id}`,
        subscription_tier: 'basic',
        subscription_status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const remove = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'DELETE',
        url: `/master/business-deletion/${business.business_registry_number}`,
        headers: { ...master, ...headers },
      });
    return { business, subscriptionId: subscription.id, remove };
  }

  /**
   * Runs a write that sets the subscription's status and holds its row, starts `deletion` while it
   * does, then lets the write finish with `then` (its last statements) and commit; the deletion's
   * answer and what the trash copied.
   */
  async function deleteDuringWrite(
    setup: Awaited<ReturnType<typeof businessWithSubscription>>,
    status: string,
    deletion: () => ReturnType<typeof setup.remove>,
    then: (trx: Transaction<Database>) => Promise<unknown> = async () => {},
  ) {
    let goOn = () => {};
    let locked = () => {};
    const rowLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const write = t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ subscription_status: status })
        .where('id', '=', setup.subscriptionId)
        .execute();
      locked();
      await new Promise<void>((resolve) => {
        goOn = resolve;
      });
      await then(trx);
    });
    await rowLocked;
    const answer = deletion();
    // Give the deletion time to reach the subscription's row, then let the write go on and commit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    goOn();
    await write;
    const { statusCode } = await answer;
    const trashed = await t.db
      .selectFrom('business_trash')
      .select('dependents')
      .where('business_id', '=', setup.business.id)
      .executeTakeFirstOrThrow();
    return { statusCode, copied: trashed.dependents as unknown as Copied };
  }

  it('copies the subscription as that write left it', async () => {
    const setup = await businessWithSubscription();
    const { statusCode, copied } = await deleteDuringWrite(setup, 'canceled', () => setup.remove());
    expect(statusCode).toBe(200);
    expect(copied.subscriptions.map((row) => row.subscription_status)).toEqual(['canceled']);
  });

  it('with If-Match, waits for a webhook that then writes an invoice, without a deadlock', async () => {
    const setup = await businessWithSubscription();
    const { version } = await t.db
      .selectFrom('businesses')
      .select('version')
      .where('id', '=', setup.business.id)
      .executeTakeFirstOrThrow();
    // A webhook: the subscription first, then (once the deletion is waiting) an invoice of the business.
    const invoice = (trx: Transaction<Database>) =>
      trx
        .insertInto('billing_history')
        .values({
          business_id: setup.business.id,
          subscription_id: setup.subscriptionId,
          amount: 999,
          transaction_date: new Date(),
          provider: 'stripe',
          tier: 'basic',
          status: 'failed',
        })
        .execute();
    const { statusCode, copied } = await deleteDuringWrite(
      setup,
      'past_due',
      () => setup.remove({ 'if-match': `"${version}"` }),
      invoice,
    );
    expect(statusCode).toBe(200);
    expect(copied.subscriptions.map((row) => row.subscription_status)).toEqual(['past_due']);
    expect(copied.billing_history).toHaveLength(1);
  });
});
