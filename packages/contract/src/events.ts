// Events family (SPEC §3, §5, §7): list filters and stats shape.
import { z } from 'zod';
import { checkRange, priceParam } from './content-filters.ts';
import { EVENT_STATUSES } from './enums.ts';
import { booleanQuery, dateQuery, limitSchema, offsetSchema, searchSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

export const EVENT_MESSAGES = { notFound: 'Event not found', invalidStatus: 'Invalid event status' } as const;

export const EventListQuery = z
  .object({
    limit: limitSchema(),
    offset: offsetSchema,
    event_status: z.enum(EVENT_STATUSES, { error: EVENT_MESSAGES.invalidStatus }).optional(),
    event_visible: booleanQuery.optional(),
    date_from: dateQuery.optional(),
    date_to: dateQuery.optional(),
    min_price: priceParam.optional(),
    max_price: priceParam.optional(),
    has_location: booleanQuery.optional(),
    has_guest_limit: booleanQuery.optional(),
    search: searchSchema.optional(),
  })
  .superRefine((q, ctx) => {
    checkRange(ctx, 'date_from', q.date_from, q.date_to, MSG.dateFromBeforeTo);
    checkRange(ctx, 'min_price', q.min_price, q.max_price, MSG.minPriceBelowMax);
  });
export type EventListQuery = z.infer<typeof EventListQuery>;

export interface EventStats {
  total_events: number;
  visible_events: number;
  hidden_events: number;
  /** On or after today / before today (the server's UTC date). */
  upcoming_events: number;
  past_events: number;
  events_this_month: number;
  events_next_month: number;
  average_event_cost: number;
  average_event_price: number;
  /** Sum of event_price over events that were not cancelled. */
  total_revenue: number;
  events_by_status: Record<string, number>;
}
