import { useQuery } from '@tanstack/react-query';
import { getBillingHistory, getSubscription } from '../../../api/subscriptions-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** The current subscription and its billing history; read only when the first paint says one exists. */
export function useSubscriptionDetails(registry: string, enabled: boolean) {
  return useQuery({
    queryKey: businessPageKeys.subscription(registry),
    queryFn: async () => {
      const [subscription, billing] = await Promise.all([
        getSubscription(registry),
        getBillingHistory(registry),
      ]);
      return { subscription, billing };
    },
    enabled,
  });
}
