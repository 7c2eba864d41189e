// Business deletion (SPEC §7): one transaction, logged as a DELETE row naming who did it.
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { forgetCounts } from '../business-data/business-data.counts.ts';
import * as repo from './business-deletion.repository.ts';

export async function deleteBusiness(db: Kysely<Database>, actor: Actor, registry: string) {
  const deleted = await writeTransaction(db, actor, (trx) => repo.deleteBusiness(trx, registry));
  if (!deleted) throw notFound(MSG.businessNotFound);
  forgetCounts(db);
  return {
    message: MSG.businessDeleted,
    business_registry_number: registry,
    business_name: deleted.business_name,
  };
}
