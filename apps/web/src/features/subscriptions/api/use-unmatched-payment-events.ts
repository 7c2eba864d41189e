import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUnmatchedPaymentEvents } from '../../../api/subscriptions-api.ts';

export const UNMATCHED_EVENTS_SHOWN = 20;

/** A page of the payment events that named no business, newest first (master only). */
export function useUnmatchedPaymentEvents(page: number) {
  const offset = (page - 1) * UNMATCHED_EVENTS_SHOWN;
  return useQuery({
    queryKey: ['business-subscriptions', 'unmatched-events', UNMATCHED_EVENTS_SHOWN, offset],
    queryFn: ({ signal }) => getUnmatchedPaymentEvents(UNMATCHED_EVENTS_SHOWN, offset, signal),
    placeholderData: keepPreviousData,
  });
}
