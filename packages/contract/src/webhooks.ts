// Payment webhooks (beyond SPEC): the master's list of events that named no business.
import { z } from 'zod';
import { limitSchema, offsetSchema } from './list-filters.ts';

export const UnmatchedEventsQuery = z.object({ limit: limitSchema(20, 100), offset: offsetSchema });

/** Why an event was kept unmatched. */
export const UNMATCHED_REASONS = [
  'registry_missing',
  'business_not_found',
  'tier_unknown',
  'invoice_not_found',
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
      return 'El reembolso es de un pago que el portal no tiene';
    default:
      return reason;
  }
}
