// The business page: its first paint in one answer, its content section's stats in
// another, and the retry of an owner's temporary-password mail that failed on every try. Unknown
// registry numbers answer 404 'Resource not found', as the business-data family.
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { Actor } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import type { AppContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import {
  deliverOwnerAccess,
  latestOwnerAccess,
  type OwnerAccessState,
  retryFailedBusinessOwnerAccess,
} from '../../mail/owner-access-mails.ts';
import { toDirectoryRow } from '../business-data/business-data.service.ts';
import { requireBusiness } from '../content-common/business-lookup.ts';
import { todayInPuertoRico } from '../content-common/stats.ts';
import { employeeStatsOf } from '../employees/employees.service.ts';
import { eventStatsOf } from '../events/events.service.ts';
import { productStatsOf } from '../products/products.service.ts';
import { listLocations } from '../registration/registration.repository.ts';
import { serviceStatsOf } from '../services/services.service.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { latestSubscription } from '../subscriptions/subscriptions.repository.ts';
import * as repo from './business-page.repository.ts';

export async function businessPage(db: Kysely<Database>, registry: string) {
  const found = await repo.findPageBusiness(db, registry);
  if (!found) throw notFound(MSG.resourceNotFound);
  const { record, counts } = found;
  const [locations, subscription, ownerAccess] = await Promise.all([
    listLocations(db, record.id),
    latestSubscription(db, record.id),
    latestOwnerAccess(db, record.id),
  ]);
  return {
    business: {
      ...toDirectoryRow(record),
      admin_verified: record.admin_verified,
      business_terms: record.business_terms,
      device_type: record.device_type,
      referral_source: record.referral_source,
      ip_address: record.ip_address,
      updated_at: record.updated_at,
    },
    locations,
    counts,
    subscription: subscription
      ? {
          subscription_tier: subscription.subscription_tier,
          subscription_status: subscription.subscription_status,
          // As the subscriptions family answers it: anything but 'paypal' is Stripe.
          subscription_provider:
            subscription.subscription_provider === 'paypal' ? ('paypal' as const) : ('stripe' as const),
          subscription_renews: subscription.subscription_renews,
        }
      : null,
    owner_access: ownerAccess ? ownerAccessOf(ownerAccess) : null,
  };
}

const ownerAccessOf = ({ status, attempts, next_attempt_at, pending_state }: OwnerAccessState) => ({
  status,
  attempts,
  next_attempt_at,
  pending_state,
});

/**
 * Sends again the business's latest temporary-password mail, when it is 'failed': queued again in
 * one transaction with the staff audit row, then tried at once after the commit, as a staff
 * registration does (a mail refused now is tried again by the workers). 409 when the latest mail
 * is not 'failed'.
 */
export async function retryOwnerAccess(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  registry: string,
  actor: Actor,
  log: (error: unknown) => void,
) {
  const business = await requireBusiness(ctx.db, registry, MSG.resourceNotFound);
  const mailId = await ctx.db.transaction().execute(async (trx) => {
    const id = await retryFailedBusinessOwnerAccess(trx, business.id, actor);
    if (id === undefined) throw conflict(MSG.ownerAccessNotFailed);
    await recordStaffAction(
      trx,
      actor,
      'owner_access_retry',
      { kind: 'business', registry: business.business_registry_number },
      { business_name: business.business_name },
    );
    return id;
  });
  const mailLog = { error: (object: object) => log((object as { err?: unknown }).err ?? object) };
  let sent = false;
  try {
    sent = (await deliverOwnerAccess({ db: ctx.db, mailer: ctx.mailer, log: mailLog }, mailId)) === 'sent';
  } catch (error) {
    log(error);
  }
  const latest = await latestOwnerAccess(ctx.db, business.id);
  return { owner_access: latest ? ownerAccessOf(latest) : null, sent };
}

/** The four content families' stats, as their own /registry/:registry/stats calls answer them. */
export async function contentStats(
  db: Kysely<Database>,
  registry: string,
  today: string = todayInPuertoRico(),
) {
  const { id } = await requireBusiness(db, registry, MSG.resourceNotFound);
  const [products, services, employees, events] = await Promise.all([
    productStatsOf(db, id),
    serviceStatsOf(db, id),
    employeeStatsOf(db, id, today),
    eventStatsOf(db, id, today),
  ]);
  return { products, services, employees, events };
}
