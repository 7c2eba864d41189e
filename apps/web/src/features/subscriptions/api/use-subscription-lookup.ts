import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { getBillingHistory, getSubscription } from '../../../api/subscriptions-api.ts';
import { lookupState, useBusinessQuery } from '../../../lib/registry-lookup.ts';

/** SPEC §8: a 'not found' answer is an empty state, not an error (the server's words: the message
 * a person reads is Spanish). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && error.serverMessage.toLowerCase().includes('not found');

/** The business (for its name, and 'NEGOCIO NO ENCONTRADO'), its subscription and its billing history. */
export function useSubscriptionLookup(registry: string) {
  const enabled = registry !== '';
  const business = useBusinessQuery(registry);
  const subscription = useQuery({
    queryKey: ['business-subscriptions', 'registry', registry],
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
  const history = useQuery({
    queryKey: ['business-subscriptions', 'registry', registry, 'history'],
    queryFn: async () => {
      try {
        return await getBillingHistory(registry);
      } catch (error) {
        if (isNotFound(error)) return { history: [], total_count: 0 };
        throw error;
      }
    },
    enabled,
  });

  return { business, subscription, history, ...lookupState(registry, [business, subscription, history]) };
}
