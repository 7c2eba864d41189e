// Payment webhook deliveries for the tests (issue #33): Stripe events signed here with Stripe's
// scheme, and a local stand-in of PayPal's REST API (the real one is not reachable from tests).
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { TestApp } from './helpers.ts';

export const STRIPE_SECRET = 'whsec_test_portal_0123456789abcdef';

/** `t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">` with `secret`, as Stripe signs a delivery. */
export function stripeSignature(body: string, secret = STRIPE_SECRET, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/** POST /webhooks/stripe with `body` (an event or raw text), signed unless `signature` says otherwise. */
export function postStripe(t: TestApp, body: object | string, signature?: string | null) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const sig = signature === undefined ? stripeSignature(text) : signature;
  if (sig !== null) headers['stripe-signature'] = sig;
  return t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers, payload: text });
}

let counter = 0;
/** A Stripe event id that no other test uses. */
export const eventId = (prefix = 'evt') => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A Stripe event of `type` around `object`, created at `created` (unix seconds). */
export function stripeEvent(
  type: string,
  object: object,
  created = Math.floor(Date.now() / 1000),
  id = eventId(),
) {
  return { id, object: 'event', api_version: '2025-03-31.basil', created, type, data: { object } };
}

/** A Stripe subscription object (the 2025 API: periods on the item). */
export function stripeSubscription(
  id: string,
  fields: {
    registry?: string;
    tier?: string;
    status?: string;
    lookupKey?: string;
    amount?: number;
    trialEnd?: number | null;
    cancelAtPeriodEnd?: boolean;
    canceledAt?: number | null;
  } = {},
) {
  const start = 1_790_000_000;
  return {
    id,
    object: 'subscription',
    status: fields.status ?? 'active',
    currency: 'usd',
    created: start - 100,
    customer: 'cus_test',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: fields.canceledAt ?? null,
    trial_end: fields.trialEnd ?? null,
    metadata: {
      ...(fields.registry ? { business_registry_number: fields.registry } : {}),
      ...(fields.tier ? { tier: fields.tier } : {}),
    },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
          price: {
            id: 'price_1',
            currency: 'usd',
            unit_amount: fields.amount ?? 2999,
            lookup_key: fields.lookupKey ?? null,
            recurring: { interval: 'month' },
          },
        },
      ],
    },
  };
}

/** A Stripe invoice of `subscription` (the 2025 API: the subscription under `parent`). */
export function stripeInvoice(
  id: string,
  fields: { subscription?: string; registry?: string; tier?: string; amount?: number; paidAt?: number } = {},
) {
  const created = 1_790_000_000;
  return {
    id,
    object: 'invoice',
    currency: 'usd',
    created,
    amount_paid: fields.amount ?? 2999,
    amount_due: fields.amount ?? 2999,
    customer_email: 'pagos@negocio.test',
    status_transitions: { paid_at: fields.paidAt ?? created + 60 },
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: fields.subscription ?? null,
        metadata: {
          ...(fields.registry ? { business_registry_number: fields.registry } : {}),
          ...(fields.tier ? { tier: fields.tier } : {}),
        },
      },
    },
    lines: { object: 'list', data: [] },
  };
}

/** Row counts of every table a delivery may write. */
export async function webhookTableCounts(t: TestApp) {
  const { rows } = await sql<{ name: string; n: number }>`
    select 'webhook_events' as name, count(*)::int as n from webhook_events
    union all select 'subscriptions', count(*)::int from subscriptions
    union all select 'billing_history', count(*)::int from billing_history
    union all select 'business_change_logs', count(*)::int from business_change_logs`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}

/** What the server recorded of an event it received (applied, stale, ignored, unmatched). */
export const outcomeOf = async (t: TestApp, event: { id: string }) =>
  (
    await t.db
      .selectFrom('webhook_events')
      .select('outcome')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
  ).outcome;

// --- PayPal -------------------------------------------------------------------------------------

export interface PayPalStandIn {
  url: string;
  /** The webhook id the stand-in accepts, and the credentials it issues tokens for. */
  webhookId: string;
  clientId: string;
  clientSecret: string;
  /** Calls received, by path. */
  calls: { path: string; authorization: string | undefined; body: string }[];
  /** Transmission signatures the stand-in answers SUCCESS for (the rest: FAILURE). */
  goodSignatures: Set<string>;
  /** 'down': every call answers 503. */
  mode: 'up' | 'down';
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A tiny HTTP server answering the two calls of PayPal's API the portal makes: POST
 * /v1/oauth2/token (client credentials, Basic auth) and POST
 * /v1/notifications/verify-webhook-signature (SUCCESS when the webhook id is ours, the token is
 * one it issued, and the transmission signature is one the test marked good).
 */
export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const tokens = new Set<string>();
  const standIn: PayPalStandIn = {
    url: '',
    webhookId: `WH-${randomUUID()}`,
    clientId: 'client-id-test',
    clientSecret: 'client-secret-test',
    calls: [],
    goodSignatures: new Set(),
    mode: 'up',
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '';
      standIn.calls.push({ path, authorization: request.headers.authorization, body });
      const send = (status: number, json: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (standIn.mode === 'down') return send(503, { name: 'SERVICE_UNAVAILABLE' });
      if (request.method === 'POST' && path === '/v1/oauth2/token') {
        const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64');
        if (request.headers.authorization !== `Basic ${basic}` || body !== 'grant_type=client_credentials') {
          return send(401, { error: 'invalid_client' });
        }
        const token = `A21AA${randomUUID()}`;
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32_400 });
      }
      if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(token)) return send(401, { error: 'invalid_token' });
        let input: Record<string, unknown>;
        try {
          input = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return send(400, { name: 'INVALID_REQUEST' });
        }
        const ok =
          input.webhook_id === standIn.webhookId &&
          typeof input.transmission_sig === 'string' &&
          standIn.goodSignatures.has(input.transmission_sig) &&
          typeof input.webhook_event === 'object';
        return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      return send(404, { name: 'RESOURCE_NOT_FOUND' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}

/** The PayPal config of an app that verifies against `standIn`. */
export const paypalConfigOf = (standIn: PayPalStandIn) => ({
  paypal: {
    webhookId: standIn.webhookId,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    apiBase: standIn.url,
  },
});

/** POST /webhooks/paypal with PayPal's transmission headers; `sig` is marked good unless `forged`. */
export function postPayPal(
  t: TestApp,
  standIn: PayPalStandIn,
  body: object | string,
  { forged = false, headers = {} }: { forged?: boolean; headers?: Record<string, string> } = {},
) {
  const sig = `sig-${randomUUID()}`;
  if (!forged) standIn.goodSignatures.add(sig);
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-test',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': new Date().toISOString(),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
