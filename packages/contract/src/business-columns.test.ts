import { describe, expect, it } from 'vitest';
import { BUSINESS_LOG_COLUMNS, businessColumnLabel, verificationLabel } from './business-columns.ts';

describe('businessColumnLabel', () => {
  it('names the known business columns in Spanish', () => {
    expect(businessColumnLabel('verified_email')).toBe('Email verificado');
    expect(businessColumnLabel('business_phone')).toBe('Teléfono');
  });

  it('names the subscription fields the payment webhooks log', () => {
    expect(businessColumnLabel('subscription_status')).toBe('Estado de suscripción');
    expect(businessColumnLabel('billing_item')).toBe('Factura');
  });

  it('keeps an unknown column and shows a dash for none', () => {
    expect(businessColumnLabel('nuevo_campo')).toBe('nuevo_campo');
    expect(businessColumnLabel('constructor')).toBe('constructor');
    expect(businessColumnLabel(null)).toBe('—');
  });

  it('lists every labelled column once', () => {
    expect(new Set(BUSINESS_LOG_COLUMNS).size).toBe(BUSINESS_LOG_COLUMNS.length);
    expect(BUSINESS_LOG_COLUMNS).toContain('verified_phone');
  });
});

describe('verificationLabel', () => {
  it('names the three states of SPEC §4', () => {
    expect(verificationLabel(true, true)).toBe('Verificado');
    expect(verificationLabel(true, false)).toBe('Parcialmente Verificado');
    expect(verificationLabel(false, true)).toBe('Parcialmente Verificado');
    expect(verificationLabel(false, false)).toBe('No Verificado');
  });
});
