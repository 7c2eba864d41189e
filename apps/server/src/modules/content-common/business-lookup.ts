// Per-business families address a business by its registry number (SPEC §5).
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';

export interface BusinessRef {
  id: number;
  business_registry_number: string;
  business_name: string;
}

export function findBusiness(db: Kysely<Database>, registry: string): Promise<BusinessRef | undefined> {
  return db
    .selectFrom('businesses')
    .select(['id', 'business_registry_number', 'business_name'])
    .where('business_registry_number', '=', registry.trim().toUpperCase())
    .executeTakeFirst();
}

/** The business, or 404 with a message containing 'not found' (the portal's empty state). */
export async function requireBusiness(
  db: Kysely<Database>,
  registry: string,
  message: string = MSG.businessNotFound,
): Promise<BusinessRef> {
  const business = await findBusiness(db, registry);
  if (!business) throw notFound(message);
  return business;
}

/** One page of a family's list for the business of `registry`, under the family's key. */
export async function businessList<K extends string, T>(
  db: Kysely<Database>,
  registry: string,
  key: K,
  list: (businessId: number) => Promise<{ items: T[]; total_count: number }>,
): Promise<{ [k in K]: T[] } & { total_count: number }> {
  const { items, total_count } = await list((await requireBusiness(db, registry)).id);
  return { [key]: items, total_count } as { [k in K]: T[] } & { total_count: number };
}

/** The business id of `registry`, or null (every business) when registry is null. */
export async function businessIdOrAll(db: Kysely<Database>, registry: string | null): Promise<number | null> {
  return registry === null ? null : (await requireBusiness(db, registry)).id;
}

/** The row, or 404 with `message`. */
export function found<T>(row: T | undefined, message: string): T {
  if (!row) throw notFound(message);
  return row;
}
