// Business deletion (SPEC §7): one transaction, logged as a DELETE row naming who did it, that
// moves the business to the master's trash, from which it can be restored. The one
// deletion of a business: the single route and the bulk 'delete' both call deleteBusiness.
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { type Precondition, preconditionHolds } from '../../http/if-match.ts';
import { lockAtVersion } from '../business-data/business-edit.service.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './business-deletion.repository.ts';

/** The business was at another version than If-Match named: the deletion is rolled back. */
class VersionMoved extends Error {}

/**
 * Sends the business to the trash; 404 (HttpError) when there is no such business, 412 when it
 * is no longer at the version the client named (If-Match, optional), nothing deleted then. The
 * version is compared once the trash has locked the business's rows and then the business (in
 * that order, as the writes to those rows lock them), and a mismatch rolls the deletion back.
 */
export async function deleteBusiness(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  precondition: Precondition = null,
): Promise<{ message: string; business_registry_number: string; business_name: string }> {
  let deleted: { business_name: string } | undefined;
  try {
    deleted = await moveToTrash(db, actor, registry, precondition);
  } catch (error) {
    if (!(error instanceof VersionMoved)) throw error;
    // The 412 shows the business as it is now; if it is back at that version, delete it after all.
    const current = await db.transaction().execute((trx) => lockAtVersion(trx, registry, precondition));
    if (!current) throw notFound(MSG.businessNotFound);
    return deleteBusiness(db, actor, registry, precondition);
  }
  if (!deleted) throw notFound(MSG.businessNotFound);
  return {
    message: MSG.businessDeleted,
    business_registry_number: registry,
    business_name: deleted.business_name,
  };
}

function moveToTrash(db: Kysely<Database>, actor: Actor, registry: string, precondition: Precondition) {
  return writeTransaction(db, actor, async (trx) => {
    const row = await repo.moveBusinessToTrash(trx, registry, actor.changedBy);
    if (row && precondition !== null && !preconditionHolds(precondition, row.version))
      throw new VersionMoved();
    if (row) {
      await recordStaffAction(
        trx,
        actor,
        'business_delete',
        { kind: 'business', registry },
        {
          business_id: row.id,
          business_name: row.business_name,
        },
      );
    }
    return row;
  });
}
