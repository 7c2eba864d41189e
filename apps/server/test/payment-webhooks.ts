// Payment webhook deliveries for the tests: Stripe events signed here with Stripe's
// scheme, and a local stand-in of PayPal's REST API (the real one is not reachable from tests).
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Headers, TestApp } from './helpers.ts';

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

/** POST /webhooks/stripe with `event`, answered 200; the event. */
export async function sendStripe<E extends object>(t: TestApp, event: E): Promise<E> {
  expect((await postStripe(t, event)).statusCode).toBe(200);
  return event;
}

/** A Stripe event of `type` around `object`, created at `created`, delivered (200); the event. */
export const deliverStripe = (t: TestApp, type: string, object: object, created: number) =>
  sendStripe(t, stripeEvent(type, object, created));

/**
 * A Stripe charge of `amount` cents with `refunded` cents of it refunded (all by default). It names
 * its `invoice` on API versions before 2025-03-31; later ones name only its `paymentIntent`.
 */
export function stripeRefundedCharge(
  id: string,
  fields: { amount?: number; refunded?: number; invoice?: string; paymentIntent?: string | null } = {},
) {
  const amount = fields.amount ?? 2000;
  const refunded = fields.refunded ?? amount;
  return {
    id,
    object: 'charge',
    amount,
    amount_refunded: refunded,
    refunded: refunded === amount,
    currency: 'usd',
    ...(fields.invoice === undefined ? {} : { invoice: fields.invoice }),
    ...(fields.paymentIntent === undefined ? {} : { payment_intent: fields.paymentIntent }),
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

/** The row webhook_events keeps of `event`: what happened to it, and why it is unmatched. */
export async function eventRow(t: TestApp, event: { id: string }) {
  const row = await t.db
    .selectFrom('webhook_events')
    .select(['id', 'outcome', 'reason', 'provider_object_id'])
    .where('event_id', '=', event.id)
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

// --- What staff see -------------------------------------------------------------------------------

/** A business's subscription (`/{registry}`) and billing history (`/{registry}/history`). */
export const SUBSCRIPTIONS_PATH = '/admin/business-subscriptions/api/v1/business-subscriptions/registry';

/** The business's subscription card, as staff with `headers` read it. */
export async function subscriptionOf(t: TestApp, headers: Headers, registry: string) {
  const res = await t.app.inject({ method: 'GET', url: `${SUBSCRIPTIONS_PATH}/${registry}`, headers });
  return res.json().subscription;
}

/** The business's billing history (`history`, `total_count`), as staff with `headers` read it. */
export async function billingHistoryOf(t: TestApp, headers: Headers, registry: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${SUBSCRIPTIONS_PATH}/${registry}/history`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The status of each billing item the business's billing history shows, newest first. */
export const billingStatuses = async (t: TestApp, headers: Headers, registry: string) =>
  ((await billingHistoryOf(t, headers, registry)).history as { status: string }[]).map((item) => item.status);

/** The business's change history of `column` (of one `operation`, if given), oldest first. */
export function changeHistory(t: TestApp, registry: string, column: string, operation?: 'INSERT' | 'UPDATE') {
  return t.db
    .selectFrom('business_change_logs')
    .select(['old_value', 'new_value', 'changed_by'])
    .where('business_registry_number', '=', registry)
    .where('changed_column', '=', column)
    .$if(operation !== undefined, (query) => query.where('operation_type', '=', operation!))
    .orderBy('log_id')
    .execute();
}

/** Deletes the business (to the trash) as the master with `headers`. */
export async function sendToTrash(t: TestApp, headers: Headers, registry: string) {
  const res = await t.app.inject({ method: 'DELETE', url: `/master/business-deletion/${registry}`, headers });
  expect(res.statusCode).toBe(200);
}

/** Restores the business from the trash as the master with `headers`: the answer. */
export const restoreFromTrash = (t: TestApp, headers: Headers, registry: string) =>
  t.app.inject({ method: 'POST', url: `${BUSINESS_TRASH_PATH}/registry/${registry}/restore`, headers });

// --- Races (PostgreSQL: two connections) ----------------------------------------------------------

/** The lock a held write waits on (a session's single-key advisory lock), taken by the test. */
const GATE = 4242;

/**
 * Makes the writes of `table` (`before insert` or `before update`, rows matching the SQL `when`)
 * wait for the gate: so a delivery or a restore is held just before it commits.
 */
export async function holdAtGate(
  t: TestApp,
  name: string,
  table: string,
  on: 'insert' | 'update',
  when: string,
) {
  await sql`
    create or replace function hold_at_gate() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(GATE)});
      return new;
    end $$`.execute(t.db);
  await sql`create trigger ${sql.id(name)} before ${sql.raw(on)} on ${sql.id(table)} for each row
              when (${sql.raw(when)}) execute function hold_at_gate()`.execute(t.db);
}

/** A delivery whose event id starts with 'held_' (heldEventId) waits, as it settles unmatched, for the gate. */
export const holdUnmatchedDeliveries = (t: TestApp) =>
  holdAtGate(
    t,
    'hold_unmatched',
    'webhook_events',
    'update',
    "new.outcome = 'unmatched' and new.event_id like 'held\\_%'",
  );

/** An event id that holdUnmatchedDeliveries holds. */
export const heldEventId = () => eventId('held');

/** Locks waited for by this database's sessions: the gate's, or any other. */
async function lockWaits(t: TestApp, which: 'gate' | 'other') {
  const gate = sql<boolean>`(locktype = 'advisory' and objsubid = 1 and objid = ${GATE})`;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks
     where not granted
       and pid in (select pid from pg_stat_activity where datname = current_database())
       and ${which === 'gate' ? gate : sql`not ${gate}`}`.execute(t.db);
  return rows[0]!.n;
}

/**
 * Starts `held` and waits until it waits for the closed gate (holdAtGate), then runs `other`; opens
 * the gate once `other` has finished or waits for a lock. Both are answered 200.
 */
export async function raceWhileHeld(
  t: TestApp,
  held: () => Promise<{ statusCode: number }>,
  other: () => Promise<{ statusCode: number }>,
) {
  let open = () => {};
  let closed = () => {};
  const gateClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const gate = t.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GATE})`.execute(trx);
    closed();
    await new Promise<void>((resolve) => {
      open = resolve;
    });
  });
  await gateClosed;
  const heldAnswer = held();
  await expect.poll(() => lockWaits(t, 'gate'), { timeout: 20_000 }).toBe(1);
  let otherDone = false;
  const otherAnswer = other().finally(() => {
    otherDone = true;
  });
  await expect
    .poll(async () => otherDone || (await lockWaits(t, 'other')) > 0, { timeout: 20_000 })
    .toBe(true);
  open();
  await gate;
  expect((await heldAnswer).statusCode).toBe(200);
  expect((await otherAnswer).statusCode).toBe(200);
}

// --- PayPal -------------------------------------------------------------------------------------

/** A PayPal webhook event of `type` around `resource`, created at `createTime` (ISO 8601). */
export function paypalEvent(type: string, resource: object, createTime: string, id = eventId('WH')) {
  const resourceType = type.startsWith('CUSTOMER.DISPUTE')
    ? 'dispute'
    : type.startsWith('PAYMENT.SALE')
      ? 'sale'
      : 'subscription';
  return {
    id,
    event_version: '1.0',
    create_time: createTime,
    resource_type: resourceType,
    event_type: type,
    resource,
  };
}

/** POST /webhooks/paypal with `event`, answered 200; the event. */
export async function sendPayPal<E extends object>(t: TestApp, standIn: PayPalStandIn, event: E): Promise<E> {
  expect((await postPayPal(t, standIn, event)).statusCode).toBe(200);
  return event;
}

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
