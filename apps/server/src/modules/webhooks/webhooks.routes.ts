// POST /webhooks/stripe and /webhooks/paypal (DESIGN §3 "Webhooks"): public, outside
// both staff families; the provider's signature is the only credential. The body reaches the
// verifier as the bytes received (this plugin's own content-type parsers), before anything is
// parsed or written. Without its secret a provider's route answers 404, like an unknown path.
// Also the master's list of events that named no business.
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import {
  UnmatchedEventParams,
  UnmatchedEventResolution,
  UnmatchedEventsQuery,
} from '@portal/contract/webhooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { actorOf } from '../../db/audit.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, HttpError, notFound } from '../../http/http-error.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { readPayPalEvent } from './paypal-events.ts';
import { paypalGuard, TooManyVerifications } from './paypal-guard.ts';
import { PAYPAL_HEADERS, type PayPalHeaders, PayPalUnavailable, paypalVerifier } from './paypal-verifier.ts';
import type { ProviderEvent } from './provider-event.ts';
import { readStripeEvent } from './stripe-events.ts';
import * as service from './webhooks.service.ts';

/** Stripe's own default: a signature older than five minutes is refused (replayed captures). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** Every body of this plugin's routes as the raw bytes, whatever its content type. */
function rawBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

function rawBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

const StripeHeaders = z.object({
  'stripe-signature': z.string().optional().describe('t=<unix time>,v1=<HMAC-SHA256 of "<t>.<body>">'),
});
const PayPalHeaderSchema = z.object(
  Object.fromEntries(PAYPAL_HEADERS.map((name) => [name, z.string().optional()])) as Record<
    (typeof PAYPAL_HEADERS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

export const webhookRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  rawBodies(app);
  const { post } = staffRoutes(app, { access: 'public' });
  const counters = ctx.webhookCounters;
  const apply = async (request: FastifyRequest, event: ProviderEvent) => {
    await service.applyEvent(ctx.db, request, event, counters);
    return { received: true as const };
  };

  post(
    '/stripe',
    {
      summary:
        'Stripe webhook: an event signed with STRIPE_WEBHOOK_SECRET (404 when unset); 200 for every well-signed event',
      headers: StripeHeaders,
      response: R.WebhookReceivedResponse,
    },
    async (request) => {
      const secret = ctx.config.stripeWebhookSecret;
      if (!secret) throw notFound(MSG.resourceNotFound);
      counters.received('stripe');
      const body = rawBody(request);
      const signature = request.headers['stripe-signature'];
      let payload: unknown;
      try {
        if (typeof signature !== 'string' || signature === '') throw new Error('no signature');
        payload = Stripe.webhooks.constructEvent(body, signature, secret, STRIPE_TOLERANCE_SECONDS);
      } catch (error) {
        // Signed correctly, but not JSON: Stripe never sends that; a client error all the same.
        if (error instanceof SyntaxError) throw badRequest(MSG.invalidRequestData);
        counters.rejected('stripe');
        throw badRequest(MSG.webhookSignatureInvalid);
      }
      const event = readStripeEvent(payload);
      if (!event) throw badRequest(MSG.invalidRequestData);
      return apply(request, event);
    },
  );

  const verifier = ctx.config.paypal ? paypalVerifier(ctx.config.paypal) : null;
  const guard = paypalGuard();
  post(
    '/paypal',
    {
      summary:
        "PayPal webhook: checked with PayPal's verify-webhook-signature call (404 when PAYPAL_WEBHOOK_ID is unset)",
      headers: PayPalHeaderSchema,
      response: R.WebhookReceivedResponse,
    },
    async (request) => {
      if (!verifier) throw notFound(MSG.resourceNotFound);
      counters.received('paypal');
      const headers: Partial<PayPalHeaders> = {};
      for (const name of PAYPAL_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string' && value !== '') headers[name] = value;
      }
      if (PAYPAL_HEADERS.some((name) => !headers[name])) {
        counters.rejected('paypal');
        throw badRequest(MSG.webhookSignatureInvalid);
      }
      const raw = rawBody(request).toString('utf8');
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw badRequest(MSG.invalidRequestData);
      }
      const event = readPayPalEvent(payload);
      if (!event) throw badRequest(MSG.invalidRequestData);
      // An IPv6 client holds a /64: its refusals are counted together (http/client-address.ts).
      const client = clientAddressKey(request.ip);
      if (guard.blocked(client)) {
        counters.rejected('paypal');
        throw new HttpError(429, MSG.tooManyRequests);
      }
      let verified: boolean;
      try {
        verified = await guard.verify(() => verifier.verify(headers as PayPalHeaders, raw));
      } catch (error) {
        if (!(error instanceof PayPalUnavailable || error instanceof TooManyVerifications)) throw error;
        request.log.warn(
          { cause: error instanceof TooManyVerifications ? 'too many verifications at once' : error.message },
          'PayPal verification unavailable: answering 503',
        );
        throw new HttpError(503, MSG.webhookProviderUnavailable, { retry_after_seconds: 60 });
      }
      if (!verified) {
        guard.refused(client);
        counters.rejected('paypal');
        throw badRequest(MSG.webhookSignatureInvalid);
      }
      return apply(request, event);
    },
  );
};

/**
 * /master/webhooks/api/v1/unmatched-events: well-signed events that named no business, and a
 * master marking one resolved or open again.
 */
export const unmatchedEventRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const route = staffRoutes(app, { access: 'master', denied: MSG.onlyMaster });
  route.health('webhooks');
  route.get(
    '/unmatched-events',
    {
      summary:
        'Payment events that named no business of the portal, newest first; resolved ones only with include_resolved (master only)',
      querystring: UnmatchedEventsQuery,
      response: R.UnmatchedWebhookEventsResponse,
    },
    (request) => service.unmatchedEvents(ctx.db, request.query),
  );
  route.patch(
    '/unmatched-events/:id',
    {
      summary:
        'Marks an unmatched payment event resolved ({"resolved": true}) or open again (false); audited (master only)',
      params: UnmatchedEventParams,
      body: UnmatchedEventResolution,
      response: R.UnmatchedWebhookEventResponse,
    },
    (request) => service.setEventResolved(ctx.db, actorOf(request), request.params.id, request.body.resolved),
  );
};
