// 'Eventos de pago sin negocio': the master's list of the events that named no business, and
// marking one resolved (out of the list of work left) or open again, each change audited.
import { MSG } from '@portal/contract/messages';
import { STAFF_AUDIT_PATH } from '@portal/contract/staff-audit';
import { UNMATCHED_EVENTS_PATH } from '@portal/contract/webhooks';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  eventId,
  eventRow,
  outcomeOf,
  postStripe,
  STRIPE_SECRET,
  sendStripe,
  stripeEvent,
  stripeSubscription,
} from '../../../test/payment-webhooks.ts';

describe('unmatched payment events: resolved and reopened by a master', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const master = await masterHeaders(t);
  const admin = (await createAdmin(t)).headers;

  /** A subscription event for a registry number no business has: kept unmatched. */
  async function unmatchedEvent() {
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription(`sub_${eventId('nobody')}`, { registry: 'REG999999999', tier: 'basic' }),
    );
    await sendStripe(t, event);
    return { id: (await eventRow(t, event)).id, eventId: event.id };
  }
  const list = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${UNMATCHED_EVENTS_PATH}?limit=100${query}`,
      headers: master,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { events: { event_id: string; resolved_at: string | null }[]; total_count: number };
  };
  const mark = (id: number | string, resolved: unknown, headers = master) =>
    t.app.inject({ method: 'PATCH', url: `${UNMATCHED_EVENTS_PATH}/${id}`, headers, payload: { resolved } });
  const auditRows = async (action: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STAFF_AUDIT_PATH}?action=${action}`,
      headers: master,
    });
    expect(res.statusCode).toBe(200);
    return res.json().staff_actions as Record<string, unknown>[];
  };

  it('takes a resolved event off the list (shown again on request), and puts it back when reopened', async () => {
    const kept = await unmatchedEvent();
    const other = await unmatchedEvent();
    const before = await list();
    expect(before.events.map((e) => e.event_id)).toEqual(
      expect.arrayContaining([kept.eventId, other.eventId]),
    );

    const resolved = await mark(kept.id, true);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      success: true,
      event: { id: kept.id, event_id: kept.eventId, resolved_by: 'Master', reason: 'business_not_found' },
    });
    expect(typeof resolved.json().event.resolved_at).toBe('string');

    const open = await list();
    expect(open.events.map((e) => e.event_id)).not.toContain(kept.eventId);
    expect(open.events.map((e) => e.event_id)).toContain(other.eventId);
    expect(open.total_count).toBe(before.total_count - 1);
    const all = await list('&include_resolved=true');
    expect(all.total_count).toBe(before.total_count);
    expect(all.events.find((e) => e.event_id === kept.eventId)?.resolved_at).toEqual(expect.any(String));

    const reopened = await mark(kept.id, false);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().event).toMatchObject({ resolved_at: null, resolved_by: null });
    expect((await list()).events.map((e) => e.event_id)).toContain(kept.eventId);
  });

  it("records each change in 'Auditoría', once: asking for the state it is in changes nothing", async () => {
    const { id, eventId: stripeId } = await unmatchedEvent();
    const resolvedBefore = (await auditRows('payment_event_resolve')).length;
    expect((await mark(id, true)).statusCode).toBe(200);
    expect((await mark(id, true)).statusCode).toBe(200);
    const resolves = await auditRows('payment_event_resolve');
    expect(resolves).toHaveLength(resolvedBefore + 1);
    expect(resolves[0]).toMatchObject({
      action: 'payment_event_resolve',
      actor_role: 'master',
      actor_identifier: 'Master',
      target_kind: 'payment_event',
      details: { provider: 'stripe', event_id: stripeId, event_type: 'customer.subscription.created' },
    });
    expect((await mark(id, false)).statusCode).toBe(200);
    expect((await auditRows('payment_event_reopen'))[0]).toMatchObject({
      target_kind: 'payment_event',
      details: { event_id: stripeId },
    });
  });

  it('answers 404 for an event that is not (or no longer) unmatched, 400 for a bad body, 403 to an admin', async () => {
    expectError(await mark(2_000_000_000, true), 404, MSG.paymentEventNotFound);
    const { business_registry_number: registry } = await createBusiness(t);
    const applied = stripeEvent(
      'customer.subscription.created',
      stripeSubscription(`sub_${eventId('found')}`, { registry, tier: 'basic' }),
    );
    await postStripe(t, applied);
    expect(await outcomeOf(t, applied)).toBe('applied');
    expectError(await mark((await eventRow(t, applied)).id, true), 404, MSG.paymentEventNotFound);

    const unmatched = await unmatchedEvent();
    const { id } = unmatched;
    expect((await mark(id, 'yes')).statusCode).toBe(400);
    expect((await mark('abc', true)).statusCode).toBe(400);
    const asAdmin = await mark(id, true, admin);
    expect(asAdmin.statusCode).toBe(403);
    const { events } = await list('&include_resolved=true');
    expect(events.find((e) => e.event_id === unmatched.eventId)?.resolved_at).toBeNull();
  });
});
