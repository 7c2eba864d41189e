import { useQuery } from '@tanstack/react-query';
import { getBillingHistory, getSubscription } from '../../../api/subscriptions-api.ts';
import { businessPageKeys } from './business-page-keys.ts';
import { isNotFound } from './use-business-page.ts';

/** The current subscription, read only when the first paint says one exists (a 404 since then is none). */
export function useSubscription(registry: string, enabled: boolean) {
  return useQuery({
    queryKey: businessPageKeys.subscription(registry),
    queryFn: async () => {
      try {
        return await getSubscription(registry);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** Every charge of the business, with or without a subscription: a payment may arrive before its
 * plan, or name the business without naming a plan. */
export function useBillingHistory(registry: string) {
  return useQuery({
    queryKey: businessPageKeys.billing(registry),
    queryFn: () => getBillingHistory(registry),
  });
}
