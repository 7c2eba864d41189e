import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getUnmatchedPaymentEvents, setUnmatchedEventResolved } from '../../../api/subscriptions-api.ts';

export const UNMATCHED_EVENTS_SHOWN = 20;

const unmatchedEventsKey = ['business-subscriptions', 'unmatched-events'] as const;

/** A page of the payment events that named no business, newest first (master only). */
export function useUnmatchedPaymentEvents(page: number, includeResolved: boolean) {
  const offset = (page - 1) * UNMATCHED_EVENTS_SHOWN;
  return useQuery({
    queryKey: [...unmatchedEventsKey, UNMATCHED_EVENTS_SHOWN, offset, includeResolved],
    queryFn: ({ signal }) =>
      getUnmatchedPaymentEvents(UNMATCHED_EVENTS_SHOWN, offset, includeResolved, signal),
    placeholderData: keepPreviousData,
  });
}

export interface Resolution {
  id: number;
  resolved: boolean;
}

/**
 * Marks an event resolved or open again. The list is read again afterwards, also after a failure:
 * an event applied meanwhile (404) is no longer in it.
 */
export function useSetEventResolved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: Resolution) => setUnmatchedEventResolved(id, resolved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unmatchedEventsKey }),
  });
}
