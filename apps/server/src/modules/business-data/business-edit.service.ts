// Editing a business: the fields registration takes, checked by the same schemas
// (contract business-edit.ts), applied under the row lock after the If-Match comparison. Only
// the fields whose value moves are written, so the change-log trigger writes one row per changed
// field (with the staff member, IP and browser writeTransaction sets) and an edit that changes
// nothing writes nothing. A new phone is written with verified_phone false. Bulk 'update' calls
// updateBusiness once per business.
import { BUSINESS_EDIT_FIELDS, type BusinessUpdate } from '@portal/contract/business-edit';
import { MSG } from '@portal/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { checkPrecondition, type Precondition } from '../../http/if-match.ts';
import { duplicateMessage } from '../public-registration/public-registration.service.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { toDirectoryRow } from './business-data.service.ts';
import * as repo from './business-edit.repository.ts';

/**
 * The fields of `update` whose value differs from the business's; a new phone also clears
 * verified_phone, since the check of the old number says nothing of the new one.
 */
function changesOf(current: repo.LockedBusiness, update: BusinessUpdate): repo.BusinessChanges {
  const changes: Record<string, unknown> = {};
  for (const field of BUSINESS_EDIT_FIELDS) {
    const value = update[field];
    if (value === undefined) continue;
    if (value !== (current[field] ?? null)) changes[field] = value;
  }
  if (changes.business_phone !== undefined && current.verified_phone) changes.verified_phone = false;
  return changes as repo.BusinessChanges;
}

/** The record a 412 shows: as a lookup answers it. */
const shownOf = ({ version_changed_by: _by, version_changed_at: _at, ...now }: repo.LockedBusiness) =>
  toDirectoryRow(now);

/**
 * The business under a row lock, or undefined when there is none; throws the 412 when it is no
 * longer at the version the client named (If-Match). The edit and the deletion check alike.
 */
export async function lockAtVersion(
  trx: Transaction<Database>,
  registry: string,
  precondition: Precondition,
): Promise<repo.LockedBusiness | undefined> {
  const current = await repo.lockBusiness(trx, registry);
  if (current) checkPrecondition(precondition, current, shownOf);
  return current;
}

/**
 * Applies `update` to the business `registry` and answers it as GET …/registry/{registry} does.
 * 404 when there is no such business, 412 when it is no longer at the version the client named
 * (If-Match), 409 when another business has the new phone. Throws HttpError; writes nothing then.
 */
export async function updateBusiness(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  update: BusinessUpdate,
  precondition: Precondition = null,
) {
  try {
    const record = await writeTransaction(db, actor, async (trx) => {
      const current = await lockAtVersion(trx, registry, precondition);
      if (!current) throw notFound(MSG.resourceNotFound);
      const changes = changesOf(current, update);
      const fields = Object.keys(changes);
      if (fields.length === 0) return current;
      if (changes.business_phone && (await repo.phoneTakenByOther(trx, current.id, changes.business_phone)))
        throw conflict(MSG.phoneAlreadyRegistered);
      const updated = await repo.updateBusinessRow(trx, current.id, changes);
      await recordStaffAction(
        trx,
        actor,
        'business_update',
        { kind: 'business', registry: current.business_registry_number },
        { business_name: updated.business_name, fields },
      );
      return updated;
    });
    const { version_changed_by: _by, version_changed_at: _at, ...row } = record as repo.LockedBusiness;
    return toDirectoryRow(row);
  } catch (error) {
    // Two edits giving one phone to two businesses at once: the unique index refuses the second.
    const duplicate = duplicateMessage(error);
    if (duplicate) throw conflict(duplicate);
    throw error;
  }
}
