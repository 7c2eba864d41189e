import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, monthDay, refusedGet } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';
import { createBusiness } from '../../../test/helpers.ts';
import { todayInPuertoRico } from '../content-common/stats.ts';
import { eventStatsOf } from './events.service.ts';

const BASE = '/business-events/api/v1/business-events';

/** The day `n` days from today (the server's today is Puerto Rico's), as YYYY-MM-DD. */
function dayFromToday(n: number): string {
  const [year, month, day] = todayInPuertoRico().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + n)).toISOString().slice(0, 10);
}

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
    // All of them past by now: the latest first.
    expect(await list({})).toEqual(['Cena', 'Taller', 'Concierto', 'Feria', 'Expo']);
    expect(await list({ event_status: 'scheduled' })).toEqual(['Concierto', 'Feria']);
    expect(await list({ event_visible: 'false' })).toEqual(['Taller']);
    expect(await list({ date_from: '2026-06-01', date_to: '2026-06-30' })).toEqual(['Concierto', 'Feria']);
    expect(await list({ min_price: '20' })).toEqual(['Taller', 'Concierto', 'Expo']);
    expect(await list({ max_price: '10' })).toEqual(['Feria']);
    expect(await list({ has_location: 'true' })).toEqual(['Cena', 'Feria']);
    expect(await list({ has_guest_limit: 'false' })).toEqual(['Cena', 'Concierto', 'Expo']);
    expect(await list({ search: 'TALLER' })).toEqual(['Taller']);
  });

  /** A new business's events, titled by how many days from today (Puerto Rico's) they fall. */
  async function businessWithEvents(days: number[]) {
    const other = await createBusiness(t);
    const rows = days.map((n, i) => ({
      business_id: other.id,
      event_title: `${n} #${i}`,
      event_date: dayFromToday(n),
    }));
    await t.db.insertInto('events').values(rows).execute();
    const url = `/admin${BASE}/registry/${other.business_registry_number}`;
    return async (query: Record<string, string> = {}) => {
      const res = await getJson(t, url, admin, query);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { events: { event_title: string }[]; total_count: number };
      return { titles: body.events.map((event) => event.event_title), total: body.total_count };
    };
  }

  it('lists the upcoming events first, soonest first, then the past ones, latest first', async () => {
    const listed = await businessWithEvents([-400, 30, -1, 5, 0, 5, 1]);
    expect((await listed()).titles).toEqual(['0 #4', '1 #6', '5 #3', '5 #5', '30 #1', '-1 #2', '-400 #0']);
  });

  it('puts the upcoming events on the first page of 100 (the content lookup) when over 100 are past', async () => {
    const past = Array.from({ length: 120 }, (_, i) => -1 - i);
    const listed = await businessWithEvents([...past, 60, 2, 0]);
    const page = await listed({ limit: '100' });
    expect(page.total).toBe(123);
    expect(page.titles).toHaveLength(100);
    expect(page.titles.slice(0, 4)).toEqual(['0 #122', '2 #121', '60 #120', '-1 #0']);
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
