// A short Spanish name for each payment event type Stripe or PayPal sends (as docs/payments.md lists
// them, plus PayPal's capture events of one-off payments). A type not listed here is shown as sent.

const PAYMENT_EVENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  // Stripe
  'customer.subscription.created': 'Suscripción creada',
  'customer.subscription.updated': 'Suscripción actualizada',
  'customer.subscription.deleted': 'Suscripción cancelada',
  'invoice.paid': 'Factura pagada',
  'invoice.payment_succeeded': 'Pago de factura recibido',
  'invoice.payment_failed': 'Pago de factura fallido',
  'invoice_payment.paid': 'Pago asociado a una factura',
  'charge.refunded': 'Cargo reembolsado',
  'charge.dispute.created': 'Disputa abierta',
  'charge.dispute.updated': 'Disputa actualizada',
  'charge.dispute.closed': 'Disputa cerrada',
  'charge.dispute.funds_withdrawn': 'Disputa: fondos retirados',
  'charge.dispute.funds_reinstated': 'Disputa: fondos devueltos',
  // PayPal
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Suscripción activada',
  'BILLING.SUBSCRIPTION.UPDATED': 'Suscripción actualizada',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Suscripción cancelada',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Suscripción suspendida',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Suscripción vencida',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Pago de suscripción fallido',
  'PAYMENT.SALE.COMPLETED': 'Pago completado',
  'PAYMENT.SALE.REFUNDED': 'Pago reembolsado',
  'PAYMENT.SALE.REVERSED': 'Pago revertido',
  'PAYMENT.CAPTURE.COMPLETED': 'Pago completado',
  'PAYMENT.CAPTURE.REFUNDED': 'Pago reembolsado',
  'PAYMENT.CAPTURE.REVERSED': 'Pago revertido',
  'CUSTOMER.DISPUTE.CREATED': 'Disputa abierta',
  'CUSTOMER.DISPUTE.UPDATED': 'Disputa actualizada',
  'CUSTOMER.DISPUTE.RESOLVED': 'Disputa resuelta',
};

/** The Spanish name of a known event type, or null for one the portal does not know. */
export function paymentEventTypeLabel(type: string): string | null {
  return Object.hasOwn(PAYMENT_EVENT_TYPE_LABELS, type) ? (PAYMENT_EVENT_TYPE_LABELS[type] ?? null) : null;
}
