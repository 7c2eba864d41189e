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
