// Anyone can post to /webhooks/paypal, and each delivery costs a call to PayPal's API: an address
// PayPal refused 10 times in a minute is refused at once. One IPv6 client holds a whole /64, so
// that block covers the /64, not the one address (else it steps to the next and goes on).
import { MSG } from '@portal/contract/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import {
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  startPayPalStandIn,
} from '../../../test/payment-webhooks.ts';
import { PAYPAL_GUARD } from './paypal-guard.ts';

describe('PayPal webhook: refusals counted per IPv6 /64', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));
  const event = paypalEvent(
    'BILLING.SUBSCRIPTION.ACTIVATED',
    { id: 'I-V6', status: 'ACTIVE' },
    new Date().toISOString(),
  );
  const forged = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/paypal',
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-test',
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-sig': 'forged',
        'paypal-transmission-time': new Date().toISOString(),
      },
      payload: JSON.stringify(event),
    });
  const verifications = () =>
    standIn.calls.filter((call) => call.path.includes('verify-webhook-signature')).length;

  it('stops asking PayPal for every address of a /64 that PayPal refused too often', async () => {
    for (let n = 1; n <= PAYPAL_GUARD.maxFailures; n += 1) {
      const refused = await forged(`2001:db8:5:5::${n.toString(16)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(MSG.webhookSignatureInvalid);
    }
    const asked = verifications();
    for (let n = 0; n < 20; n += 1) {
      const res = await forged(`2001:db8:5:5:${n.toString(16)}::1`);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe(MSG.tooManyRequests);
    }
    expect(verifications()).toBe(asked);
    // Another /64 is another client.
    expect((await forged('2001:db8:5:6::1')).statusCode).toBe(400);
  });
});
