// The set-up every content family's test shares (products, services, employees, events,
// locations, subscriptions): an app on a fresh database, a live admin and master session, the
// businesses the family's rows belong to, and the filtered-list helper their filter tests use.
// Called at the top of an async `describe`; the app is closed after the file (helpers.ts).
import type { Insertable, Kysely, Selectable } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { getJson } from './business-api-helpers.ts';
import { createBusiness, staffApp } from './helpers.ts';

type ContentTable = 'products' | 'services' | 'employees' | 'events';
type ContentRow<T extends ContentTable> = Omit<Insertable<Database[T]>, 'business_id'> & {
  business_id?: number;
};

export async function contentFamily(base: string, options: { businesses?: number } = {}) {
  const { t, admin, master } = await staffApp();
  const businesses: Awaited<ReturnType<typeof createBusiness>>[] = [];
  for (let i = 0; i < (options.businesses ?? 1); i += 1) businesses.push(await createBusiness(t));
  const business = businesses[0]!;
  const registry = business.business_registry_number;

  /**
   * The first business's list under `/admin{base}/registry/{registry}`, filtered by `query`:
   * asserts 200 and returns `field` of each row of `body[key]`, in the order served.
   */
  const listOf =
    (key: string, field: string) =>
    async (query: Record<string, string>): Promise<unknown[]> => {
      const res = await getJson(t, `/admin${base}/registry/${registry}`, admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      return (res.json()[key] as Record<string, unknown>[]).map((row) => row[field]);
    };

  /** The list answers admin and master (`total` rows), 401 without a session, 403 to an admin under /master. */
  async function expectServedToStaff(total: number) {
    const path = `${base}/registry/${registry}`;
    expect((await getJson(t, `/admin${path}`, admin)).json().total_count).toBe(total);
    expect((await getJson(t, `/master${path}`, master)).json().total_count).toBe(total);
    expect((await getJson(t, `/admin${path}`)).statusCode).toBe(401);
    expect((await getJson(t, `/master${path}`, admin)).statusCode).toBe(403);
  }

  /** Inserts a family's rows, of the first business unless a row names its own business_id. */
  async function insertRows<T extends ContentTable>(table: T, rows: ContentRow<T>[]) {
    const values = rows.map((row) => ({ business_id: business.id, ...row }));
    const db = t.db as Kysely<Database>;
    const inserted = db
      .insertInto(table)
      .values(values as never)
      .returningAll()
      .execute();
    return inserted as unknown as Promise<Selectable<Database[T]>[]>;
  }

  return { t, admin, master, businesses, business, registry, listOf, expectServedToStaff, insertRows };
}
