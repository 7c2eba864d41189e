import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';
import { employeeStatsOf } from '../employees/employees.service.ts';
import { eventStatsOf } from '../events/events.service.ts';
import { todayInPuertoRico } from './stats.ts';

const BASE = '/business-services/api/v1/business-services';

describe('todayInPuertoRico', () => {
  it('is the calendar day in Puerto Rico (UTC-4), not in UTC', () => {
    expect(todayInPuertoRico(new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(todayInPuertoRico(new Date('2026-11-28T03:59:59Z'))).toBe('2026-11-27');
    expect(todayInPuertoRico(new Date('2026-11-28T04:00:00Z'))).toBe('2026-11-28');
    expect(todayInPuertoRico(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11-30');
    expect(todayInPuertoRico(new Date('2027-01-01T03:30:00Z'))).toBe('2026-12-31');
  });
});

describe('content stats shared pieces', async () => {
  const {
    t,
    admin,
    insertRows,
    businesses: [labelled, unpriced, dated],
  } = await contentFamily(BASE, { businesses: 3 });

  beforeAll(async () => {
    const fixed = { business_id: labelled!.id, service_price_type: 'fixed' };
    await insertRows('services', [
      { ...fixed, service_name: 'A', service_category: 'Sin categoría' },
      { ...fixed, service_name: 'B' },
      { ...fixed, service_name: 'C', service_category: 'Belleza' },
      { business_id: unpriced!.id, service_name: 'Consulta', service_price_type: 'other' },
    ]);
    await insertRows('events', [
      { business_id: dated!.id, event_title: 'Hoy en PR', event_date: '2026-11-27' },
      { business_id: dated!.id, event_title: 'Diciembre', event_date: '2026-12-05' },
    ]);
    await insertRows('employees', [
      {
        business_id: dated!.id,
        employee_first_name: 'Ana',
        employee_last_name: 'López',
        employee_start_date: '2026-11-17',
      },
    ]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const statsOf = (registry: string) => getJson(t, `/admin${BASE}/registry/${registry}/stats`, admin);

  it("counts a literal 'Sin categoría' and a missing category as one value, adding up to the total", async () => {
    const registry = labelled!.business_registry_number;
    const categories = await getJson(t, `/admin${BASE}/registry/${registry}/categories`, admin);
    expect(categories.json().categories).toEqual([
      { value: 'Belleza', count: 1 },
      { value: 'Sin categoría', count: 2 },
    ]);
    const { stats } = (await statsOf(registry)).json();
    expect(stats.total_services).toBe(3);
    expect(stats.services_by_category).toEqual({ Belleza: 1, 'Sin categoría': 2 });
  });

  it('answers null average prices when no service has a price, not 0', async () => {
    const res = await statsOf(unpriced!.business_registry_number);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toMatchObject({
      total_services: 1,
      average_min_price: null,
      average_max_price: null,
    });
  });

  it("counts from Puerto Rico's day: an event today is upcoming until midnight there", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:59:00Z')); // 27 Nov, 11:59 p.m. in Puerto Rico
    expect(await eventStatsOf(t.db, dated!.id)).toMatchObject({
      upcoming_events: 2,
      past_events: 0,
      events_this_month: 1,
      events_next_month: 1,
    });
    expect((await employeeStatsOf(t.db, dated!.id)).average_employee_tenure_days).toBe(10);

    vi.setSystemTime(new Date('2026-11-28T04:00:00Z')); // 28 Nov, midnight in Puerto Rico
    expect(await eventStatsOf(t.db, dated!.id)).toMatchObject({ upcoming_events: 1, past_events: 1 });
    expect((await employeeStatsOf(t.db, dated!.id)).average_employee_tenure_days).toBe(11);
  });

  it("counts this month from Puerto Rico's day on a month's last evening", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T03:00:00Z')); // 30 Nov, 11 p.m. in Puerto Rico
    expect(await eventStatsOf(t.db, dated!.id)).toMatchObject({ events_this_month: 1, events_next_month: 1 });
    vi.setSystemTime(new Date('2026-12-01T04:00:00Z')); // 1 Dec, midnight in Puerto Rico
    expect(await eventStatsOf(t.db, dated!.id)).toMatchObject({ events_this_month: 1, events_next_month: 0 });
  });
});
