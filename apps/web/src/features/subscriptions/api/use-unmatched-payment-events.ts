import { useQuery } from '@tanstack/react-query';
import { getUnmatchedPaymentEvents } from '../../../api/subscriptions-api.ts';

export const UNMATCHED_EVENTS_SHOWN = 20;

/** The newest payment events that named no business (master only; `enabled` false for an admin). */
export function useUnmatchedPaymentEvents(enabled: boolean) {
  return useQuery({
    queryKey: ['business-subscriptions', 'unmatched-events', UNMATCHED_EVENTS_SHOWN],
    queryFn: ({ signal }) => getUnmatchedPaymentEvents(UNMATCHED_EVENTS_SHOWN, signal),
    enabled,
  });
}
