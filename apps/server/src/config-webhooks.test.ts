// The payment webhooks' environment (docs/payments.md).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const PAYPAL = { PAYPAL_WEBHOOK_ID: 'WH-1', PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' };

describe('payment webhook configuration', () => {
  it('leaves both routes off when nothing is set', () => {
    const config = loadConfig({});
    expect(config.stripeWebhookSecret).toBeUndefined();
    expect(config.paypal).toBeUndefined();
  });

  it('reads the Stripe secret; an empty one is unset', () => {
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripeWebhookSecret).toBe('whsec_abc');
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: '  ' }).stripeWebhookSecret).toBeUndefined();
  });

  it("turns PayPal on with all three values, on PayPal's live API unless told otherwise", () => {
    expect(loadConfig(PAYPAL).paypal).toEqual({
      webhookId: 'WH-1',
      clientId: 'client',
      clientSecret: 'secret',
      apiBase: 'https://api-m.paypal.com',
    });
    const sandbox = loadConfig({ ...PAYPAL, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com/' });
    expect(sandbox.paypal?.apiBase).toBe('https://api-m.sandbox.paypal.com');
  });

  it('refuses part of the PayPal settings, or an API base that is not an http(s) URL', () => {
    expect(() => loadConfig({ PAYPAL_WEBHOOK_ID: 'WH-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYPAL_WEBHOOK_ID: 'WH-1' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...PAYPAL, PAYPAL_API_BASE: 'ftp://paypal.example' })).toThrow(
      /PAYPAL_API_BASE/,
    );
  });
});
