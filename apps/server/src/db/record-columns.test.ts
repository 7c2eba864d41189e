// Every field of every response record reaches the API: each read route of a seeded business
// answers each field its record names (none left undefined by a SELECT that forgot a column).
import * as records from '@portal/contract/responses';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type Headers, masterHeaders, type TestApp } from '../../test/helpers.ts';
import { seedDatabase } from './seed/seed.ts';

type Read = { url: (registry: string, ids: Ids) => string; key: string; record: z.ZodObject };
interface Ids {
  locationId: number;
}

const READS: Record<string, Read> = {
  products: {
    url: (r) => `/master/business-products/api/v1/business-products/registry/${r}`,
    key: 'products',
    record: records.Product,
  },
  services: {
    url: (r) => `/master/business-services/api/v1/business-services/registry/${r}`,
    key: 'services',
    record: records.Service,
  },
  employees: {
    url: (r) => `/master/business-employees/api/v1/business-employees/registry/${r}`,
    key: 'employees',
    record: records.Employee,
  },
  events: {
    url: (r) => `/master/business-events/api/v1/business-events/registry/${r}`,
    key: 'events',
    record: records.BusinessEvent,
  },
  'business data': {
    url: (r) => `/master/business-data/api/v1/business-data/registry/${r}`,
    key: 'business',
    record: records.Business,
  },
  'change logs': {
    url: (r) => `/master/business-change-logs/api/v1/business-change-logs/registry/${r}`,
    key: 'change_logs',
    record: records.ChangeLogEntry,
  },
  subscriptions: {
    url: (r) => `/master/business-subscriptions/api/v1/business-subscriptions/registry/${r}`,
    key: 'subscription',
    record: records.Subscription,
  },
  access: {
    url: (r) => `/master/business-access/api/v1/business-access/registry/${r}`,
    key: 'access_controls',
    record: records.AccessControl,
  },
  registration: {
    url: (r) => `/master/business-registration/api/v1/business-registration/registry/${r}`,
    key: 'registration',
    record: records.Registration,
  },
  'registration locations': {
    url: (r) => `/master/business-registration/api/v1/business-registration/registry/${r}/locations`,
    key: 'locations',
    record: records.BusinessLocation,
  },
  location: {
    url: (_r, ids) => `/master/location-coordinate/api/v1/locations/${ids.locationId}`,
    key: 'location',
    record: records.BusinessLocation,
  },
};

/** Fields a record may leave out: optional ones (a Stripe subscription has no paypal_details). */
const requiredFields = (record: z.ZodObject) =>
  Object.entries(record.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);

describe('response records and their SELECTs', () => {
  let t: TestApp;
  let headers: Headers;
  let registry: string;
  const ids: Ids = { locationId: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.handle, { businesses: 12, seed: 7, now: new Date('2026-06-15T12:00:00Z') });
    headers = await masterHeaders(t);
    // The business with the most content rows, so every list has a row to look at.
    const { rows } = await sql<{ registry: string; location_id: number }>`
      select b.business_registry_number as registry, min(l.location_id) as location_id
        from businesses b
        join business_locations l on l.business_id = b.id
       where exists (select 1 from subscriptions s where s.business_id = b.id)
         and exists (select 1 from access_controls a where a.business_id = b.id)
       group by b.id
       order by (select count(*) from products p where p.business_id = b.id) > 0
            and (select count(*) from services s where s.business_id = b.id) > 0
            and (select count(*) from employees e where e.business_id = b.id) > 0
            and (select count(*) from events v where v.business_id = b.id) > 0 desc, b.id
       limit 1`.execute(t.db);
    registry = rows[0]!.registry;
    ids.locationId = Number(rows[0]!.location_id);
  }, 120_000);

  it.each(Object.entries(READS))('%s: every field of the record is in the answer', async (_name, read) => {
    const res = await t.app.inject({ method: 'GET', url: read.url(registry, ids), headers });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json()[read.key];
    const rows: Record<string, unknown>[] = Array.isArray(value) ? value : [value];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const missing = requiredFields(read.record).filter((field) => row[field] === undefined);
      expect(missing).toEqual([]);
    }
  });
});
