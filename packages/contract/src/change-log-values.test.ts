import { describe, expect, it } from 'vitest';
import { logValueText } from './change-log-values.ts';

/** A date formatter that says it was used. */
const dateText = (value: string) => `momento ${value}`;
const text = (column: string | null, value: string | null) => logValueText(column, value, dateText);

describe('a logged value in the words of the history', () => {
  it('says Sí/No for the booleans the trigger logs, and nothing for an empty value', () => {
    expect(text('verified_email', 'true')).toBe('Sí');
    expect(text('must_change_password', 'false')).toBe('No');
    expect(text('subscription_renews', 'true')).toBe('Sí');
    expect(text('business_name', null)).toBe('');
    expect(text('business_name', '')).toBe('');
  });

  it('writes a phone as (XXX) XXX-XXXX, and a phone it cannot read as stored', () => {
    expect(text('business_phone', '9392041671')).toBe('(939) 204-1671');
    expect(text('business_phone', '12345')).toBe('12345');
  });

  it("names a subscription's status, plan and provider as the subscription card does", () => {
    expect(text('subscription_status', 'active')).toBe('Activa');
    expect(text('subscription_status', 'canceled')).toBe('Cancelada');
    expect(text('subscription_status', 'ended')).toBe('Finalizada');
    expect(text('subscription_status', 'past_due')).toBe('Pago vencido');
    expect(text('subscription_status', 'incomplete')).toBe('Incompleta');
    expect(text('subscription_tier', 'premium')).toBe('Premium');
    expect(text('subscription_provider', 'stripe')).toBe('Stripe');
    expect(text('subscription_provider', 'PayPal')).toBe('PayPal');
  });

  it("writes a billing item's status, refund and dispute in Spanish", () => {
    expect(text('billing_item', 'in_1: 29.99 USD, succeeded')).toBe('in_1: $29.99, Exitoso');
    expect(text('billing_item', 'in_2: 20.00 USD, failed')).toBe('in_2: $20.00, Fallido');
    expect(text('billing_item', 'in_3: 20.00 USD, succeeded (5.00 USD refunded)')).toBe(
      'in_3: $20.00, Exitoso ($5.00 reembolsados)',
    );
    expect(text('billing_item', 'in_4: 20.00 USD, refunded')).toBe('in_4: $20.00, Reembolsado');
    expect(text('billing_item', 'in_5: 20.00 USD, disputed')).toBe('in_5: $20.00, En disputa');
    expect(text('billing_item', 'in_6: 20.00 USD, dispute_won')).toBe('in_6: $20.00, Disputa ganada');
    expect(text('billing_item', 'in_7: 20.00 USD, dispute_lost')).toBe('in_7: $20.00, Disputa perdida');
    expect(text('billing_item', 'in_8: 1234.50 EUR, succeeded')).toBe('in_8: €1,234.50, Exitoso');
  });

  it("passes the business's timestamps to the caller's date formatter", () => {
    const logged = '2026-05-01T12:00:00.5+00:00';
    expect(text('registration_date', logged)).toBe(`momento ${logged}`);
    expect(text('business_created_at', logged)).toBe(`momento ${logged}`);
  });

  it('names the registration device and referral as the business page does', () => {
    expect(text('device_type', 'web')).toBe('Sitio web');
    expect(text('referral_source', 'admin_registration')).toBe('Registrado por la administración');
  });

  it('keeps any other value as stored', () => {
    expect(text('business_name', 'Colmado Ruiz')).toBe('Colmado Ruiz');
    expect(text('business_year', '1998')).toBe('1998');
    expect(text('subscription_business', 'REG000123')).toBe('REG000123');
    expect(text('password', '********')).toBe('********');
    expect(text(null, 'Colmado Ruiz')).toBe('Colmado Ruiz');
  });
});
