// Payment webhooks (beyond SPEC): the master's list of events that named no business, and
// marking one resolved (or open again).
import { z } from 'zod';
import { idParams } from './ids.ts';
import { booleanQuery, limitSchema, offsetSchema } from './list-filters.ts';

export const UNMATCHED_EVENTS_PATH = '/master/webhooks/api/v1/unmatched-events';

export const UnmatchedEventsQuery = z.object({
  limit: limitSchema(20, 100),
  offset: offsetSchema,
  /** Without it (or false) the list is the work left: events no one has marked resolved. */
  include_resolved: booleanQuery.optional(),
});

export const UnmatchedEventParams = idParams();

export const UnmatchedEventResolution = z.object({
  resolved: z.boolean().describe('true: dealt with (out of the list of work left); false: open again'),
});
export type UnmatchedEventResolution = z.infer<typeof UnmatchedEventResolution>;

/** Why an event was kept unmatched. */
export const UNMATCHED_REASONS = [
  'registry_missing',
  'business_not_found',
  'tier_unknown',
  'invoice_not_found',
  'charge_not_found',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export interface UnmatchedWebhookEvent {
  id: number;
  provider: 'stripe' | 'paypal';
  event_id: string;
  event_type: string;
  event_created: string;
  received_at: string;
  reason: string;
  business_registry_number: string | null;
  provider_object_id: string | null;
  /** When a master marked it resolved, and who; null while it is work left. */
  resolved_at: string | null;
  resolved_by: string | null;
}

/** Spanish text of a reason, for the portal. */
export function unmatchedReasonLabel(reason: string): string {
  switch (reason) {
    case 'registry_missing':
      return 'El evento no indica número de registro';
    case 'business_not_found':
      return 'No existe un negocio con ese número de registro';
    case 'tier_unknown':
      return 'No se pudo determinar el plan';
    case 'invoice_not_found':
      return 'Es de un pago que el portal no tiene';
    case 'charge_not_found':
      return 'La disputa es de un pago que el portal no tiene';
    default:
      return reason;
  }
}
