import { describe, expect, it } from 'vitest';
import { paymentEventTypeLabel } from './payment-event-type.ts';

describe('paymentEventTypeLabel', () => {
  it('names the types of both providers in Spanish', () => {
    expect(paymentEventTypeLabel('charge.refunded')).toBe('Cargo reembolsado');
    expect(paymentEventTypeLabel('invoice.payment_failed')).toBe('Pago de factura fallido');
    expect(paymentEventTypeLabel('PAYMENT.CAPTURE.REFUNDED')).toBe('Pago reembolsado');
    expect(paymentEventTypeLabel('BILLING.SUBSCRIPTION.SUSPENDED')).toBe('Suscripción suspendida');
  });

  it('knows no other type, not even the names every object has', () => {
    expect(paymentEventTypeLabel('customer.tax_id.created')).toBeNull();
    expect(paymentEventTypeLabel('CHARGE.REFUNDED')).toBeNull();
    expect(paymentEventTypeLabel('constructor')).toBeNull();
    expect(paymentEventTypeLabel('toString')).toBeNull();
  });
});
