import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, monthDay, refusedGet } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';
import { createBusiness } from '../../../test/helpers.ts';
import { eventStatsOf } from './events.service.ts';

const BASE = '/business-events/api/v1/business-events';

describe('events family', async () => {
  const { t, admin, master, registry, business, listOf, expectServedToStaff, insertRows } =
    await contentFamily(BASE);
  let relativeRegistry: string;
  let feriaId: number;

  beforeAll(async () => {
    const rows = await insertRows('events', [
      {
        event_title: 'Feria',
        event_date: '2026-06-01',
        event_status: 'scheduled',
        event_price: 10,
        event_cost: 4,
        event_guest_limit: 100,
        event_location: 'Plaza',
      },
      {
        event_title: 'Concierto',
        event_date: '2026-06-20',
        event_status: 'scheduled',
        event_price: 30,
        event_cost: 10,
        event_location: ' ',
      },
      {
        event_title: 'Taller',
        event_date: '2026-07-10',
        event_status: 'cancelled',
        event_price: 50,
        event_guest_limit: 20,
        event_visible: false,
      },
      {
        event_title: 'Cena',
        event_date: '2026-08-01',
        event_status: 'completed',
        event_cost: 6,
        event_location: 'Hotel',
      },
      {
        event_title: 'Expo',
        event_date: '2026-05-31',
        event_status: 'postponed',
        event_price: 20,
        event_cost: 2,
      },
    ]);
    feriaId = rows[0].event_id;
    // Dates relative to the real current month, for the route's own notion of "now".
    const relative = await createBusiness(t);
    relativeRegistry = relative.business_registry_number;
    await t.db
      .insertInto('events')
      .values([
        { business_id: relative.id, event_title: 'Este mes', event_date: monthDay(0, 1) },
        { business_id: relative.id, event_title: 'Próximo mes', event_date: monthDay(1, 28) },
        { business_id: relative.id, event_title: 'En dos meses', event_date: monthDay(2, 1) },
        { business_id: relative.id, event_title: 'Mes pasado', event_date: monthDay(-1, 28) },
      ])
      .execute();
  });

  const list = listOf('events', 'event_title');

  it('is served to admin and master, refused without a session or to an admin under /master', async () => {
    await expectServedToStaff(5);
  });

  it('applies every SPEC §7 filter', async () => {
    expect(await list({})).toEqual(['Expo', 'Feria', 'Concierto', 'Taller', 'Cena']);
    expect(await list({ event_status: 'scheduled' })).toEqual(['Feria', 'Concierto']);
    expect(await list({ event_visible: 'false' })).toEqual(['Taller']);
    expect(await list({ date_from: '2026-06-01', date_to: '2026-06-30' })).toEqual(['Feria', 'Concierto']);
    expect(await list({ min_price: '20' })).toEqual(['Expo', 'Concierto', 'Taller']);
    expect(await list({ max_price: '10' })).toEqual(['Feria']);
    expect(await list({ has_location: 'true' })).toEqual(['Feria', 'Cena']);
    expect(await list({ has_guest_limit: 'false' })).toEqual(['Expo', 'Concierto', 'Cena']);
    expect(await list({ search: 'TALLER' })).toEqual(['Taller']);
  });

  it('answers SPEC §5 messages word for word', async () => {
    const url = `/admin${BASE}/registry/${registry}`;
    const refused = refusedGet(t, admin, url);
    await refused({ date_from: '2026-07-01', date_to: '2026-06-01' }, 'Date from must be before date to');
    await refused({ min_price: '30', max_price: '10' }, 'Minimum price must be less than maximum price');
    await refused({ event_status: 'open' }, 'Invalid event status');
    expectError(await getJson(t, `/admin${BASE}/event/%20`, admin), 400, 'Event ID is required');
  });

  it('computes stats from the hand-made data as of a fixed date', async () => {
    expect(await eventStatsOf(t.db, business.id, '2026-06-15')).toEqual({
      total_events: 5,
      visible_events: 4,
      hidden_events: 1,
      upcoming_events: 3, // 06-20, 07-10, 08-01
      past_events: 2, // 06-01, 05-31
      events_this_month: 2,
      events_next_month: 1,
      average_event_cost: 5.5, // (4 + 10 + 6 + 2) / 4
      average_event_price: 27.5, // (10 + 30 + 50 + 20) / 4
      total_revenue: 60, // 10 + 30 + 20, the cancelled 50 excluded
      events_by_status: { scheduled: 2, completed: 1, cancelled: 1, postponed: 1 },
    });
  });

  it('counts this and next month relative to today on the route', async () => {
    const res = await getJson(t, `/master${BASE}/registry/${relativeRegistry}/stats`, master);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toMatchObject({ total_events: 4, events_this_month: 1, events_next_month: 1 });
    const empty = await createBusiness(t);
    const none = await getJson(t, `/admin${BASE}/registry/${empty.business_registry_number}/stats`, admin);
    expect(none.json().stats).toMatchObject({
      total_events: 0,
      total_revenue: 0,
      events_by_status: { scheduled: 0 },
    });
  });

  it('serves statuses, an event by id, 404s and health', async () => {
    const statuses = await getJson(t, `/admin${BASE}/registry/${registry}/statuses`, admin);
    expect(statuses.json().statuses).toEqual([
      { value: 'scheduled', count: 2 },
      { value: 'completed', count: 1 },
      { value: 'cancelled', count: 1 },
      { value: 'postponed', count: 1 },
    ]);
    const feria = await getJson(t, `/admin${BASE}/event/${feriaId}`, admin);
    expect(feria.json().event).toMatchObject({
      event_title: 'Feria',
      event_date: '2026-06-01',
      event_price: 10,
    });
    expectError(await getJson(t, `/admin${BASE}/event/999999`, admin), 404, 'Event not found');
    expect((await getJson(t, `/master${BASE}/health`, master)).json()).toMatchObject({
      service: 'business-events',
    });
  });
});
