// Verification status of SPEC §3/§4: flags set separately or together, every change logged
// with who made it (writeTransaction).
import { verificationStatusOf } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import type { VerificationUpdate } from '@portal/contract/verification';
import type { Kysely, Transaction } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { checkPrecondition, type Precondition } from '../../http/if-match.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './verification.repository.ts';

const withStatus = (record: repo.VerificationRecord) => ({
  ...record,
  status: verificationStatusOf(record.verified_email, record.verified_phone),
});

export async function getVerification(db: Kysely<Database>, registry: string) {
  const record = await repo.findVerification(db, registry);
  if (!record) throw notFound(MSG.resourceNotFound);
  return withStatus(record);
}

/**
 * Locks the business until the transaction ends and throws the 412 when it is no longer at the
 * version the client named (If-Match); the 412 carries its verification record as it
 * is now. False when there is no such business. Also the email change's check.
 */
export async function lockBusinessAtVersion(
  trx: Transaction<Database>,
  registry: string,
  precondition: Precondition,
): Promise<boolean> {
  const locked = await repo.lockVerification(trx, registry);
  if (!locked) return false;
  checkPrecondition(precondition, locked, ({ version_changed_by: _by, version_changed_at: _at, ...now }) =>
    withStatus(now),
  );
  return true;
}

export async function setVerification(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  flags: VerificationUpdate,
  precondition: Precondition = null,
) {
  const record = await writeTransaction(db, actor, async (trx) => {
    if (precondition !== null && !(await lockBusinessAtVersion(trx, registry, precondition)))
      return undefined;
    const updated = await repo.updateVerification(trx, registry, flags);
    if (updated)
      await recordStaffAction(trx, actor, 'verification_update', { kind: 'business', registry }, flags);
    return updated;
  });
  if (!record) throw notFound(MSG.resourceNotFound);
  return withStatus(record);
}

/** Percentages with one decimal; 0 when there are no businesses. */
const percent = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 1000) / 10);

export async function verificationStats(db: Kysely<Database>) {
  const counts = await repo.verificationCounts(db);
  return {
    total_businesses: counts.total_businesses,
    fully_verified_count: counts.fully_verified_count,
    partially_verified_count: counts.partially_verified_count,
    unverified_count: counts.unverified_count,
    email_verified_count: counts.email_verified_count,
    phone_verified_count: counts.phone_verified_count,
    email_verified_percent: percent(counts.email_verified_count, counts.total_businesses),
    phone_verified_percent: percent(counts.phone_verified_count, counts.total_businesses),
  };
}
