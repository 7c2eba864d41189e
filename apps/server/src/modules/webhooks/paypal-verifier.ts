// PayPal's own check of a webhook delivery (docs/payments.md "PayPal"): the transmission headers
// and the event, as received, go to POST /v1/notifications/verify-webhook-signature with our
// webhook id; PayPal answers SUCCESS or FAILURE. The call needs an OAuth token (client
// credentials), kept until a minute before it expires. Tests point PAYPAL_API_BASE at a stand-in.
import type { PayPalConfig } from '../../config.ts';

/** The delivery headers PayPal signs with; all of them are needed. */
export const PAYPAL_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const;
export type PayPalHeaders = Record<(typeof PAYPAL_HEADERS)[number], string>;

/** PayPal could not be asked (down, slow, or refusing our credentials): the delivery is retried. */
export class PayPalUnavailable extends Error {}

const CALL_TIMEOUT_MS = 10_000;

export function paypalVerifier(config: PayPalConfig, fetchImpl: typeof fetch = fetch) {
  let token: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${config.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayPalUnavailable(`PayPal ${path}: ${(error as Error).message}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new PayPalUnavailable(`PayPal token: HTTP ${res.status}`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  /** The cached token, or one fetched now (one fetch however many deliveries wait for it). */
  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.until) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** true when PayPal says the delivery is its own, false when it says it is not. */
  async function verify(headers: PayPalHeaders, rawEvent: string, retried = false): Promise<boolean> {
    const bearer = await accessToken();
    // The event goes in as received, byte for byte: a re-serialized one may not verify.
    const body =
      `{"auth_algo":${JSON.stringify(headers['paypal-auth-algo'])},` +
      `"cert_url":${JSON.stringify(headers['paypal-cert-url'])},` +
      `"transmission_id":${JSON.stringify(headers['paypal-transmission-id'])},` +
      `"transmission_sig":${JSON.stringify(headers['paypal-transmission-sig'])},` +
      `"transmission_time":${JSON.stringify(headers['paypal-transmission-time'])},` +
      `"webhook_id":${JSON.stringify(config.webhookId)},` +
      `"webhook_event":${rawEvent}}`;
    const res = await call('/v1/notifications/verify-webhook-signature', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body,
    });
    if (res.status === 401 && !retried) {
      token = null; // revoked or expired early: one new token, one more try
      return verify(headers, rawEvent, true);
    }
    const answer = (await res.json().catch(() => ({}))) as { verification_status?: unknown };
    // A 4xx: PayPal refused what the delivery claims (a made-up certificate URL, say): not verified.
    if (res.status >= 500 || res.status === 401 || res.status === 429) {
      throw new PayPalUnavailable(`PayPal verify-webhook-signature: HTTP ${res.status}`);
    }
    return res.ok && answer.verification_status === 'SUCCESS';
  }

  return { verify };
}

export type PayPalVerifier = ReturnType<typeof paypalVerifier>;
