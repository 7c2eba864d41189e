// Business deletion (SPEC §7): one transaction, logged as a DELETE row naming who did it, that
// moves the business to the master's trash (issue #31), from which it can be restored. The one
// deletion of a business: the single route and the bulk 'delete' both call deleteBusiness.
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import type { Precondition } from '../../http/if-match.ts';
import { lockAtVersion } from '../business-data/business-edit.service.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './business-deletion.repository.ts';

/**
 * Sends the business to the trash; 404 (HttpError) when there is no such business, 412 when it
 * is no longer at the version the client named (If-Match, optional), nothing deleted then.
 */
export async function deleteBusiness(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  precondition: Precondition = null,
) {
  const deleted = await writeTransaction(db, actor, async (trx) => {
    if (precondition !== null && !(await lockAtVersion(trx, registry, precondition))) return undefined;
    const row = await repo.moveBusinessToTrash(trx, registry, actor.changedBy);
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
  if (!deleted) throw notFound(MSG.businessNotFound);
  return {
    message: MSG.businessDeleted,
    business_registry_number: registry,
    business_name: deleted.business_name,
  };
}
