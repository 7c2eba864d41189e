// Email change (SPEC §4/§7, DESIGN §8): a 6-digit code goes to the NEW address; completing
// with it sets the new email and marks it verified (the code proved the address: this
// overrides SPEC §4 here, see README's design notes). Codes are hashed, expire after 10 minutes
// and allow 5 tries; an expired or exhausted code is refused like a wrong one. A new address gets
// one code per resend countdown (SPEC §9), so neither its mails nor its tries are renewed at will.
import { EMAIL_CHANGE_CODE_SENT, EMAIL_CHANGE_COMPLETED } from '@portal/contract/email-change';
import { TIMING } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import type { Precondition } from '../../http/if-match.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { claimCode, consumeCode, resendWait } from '../shared-codes/codes.repository.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  codeExpiry,
  codeMatches,
  hashCode,
  newCode,
  refuseEarlyResend,
} from '../shared-codes/codes.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { lockBusinessAtVersion } from '../verification/verification.service.ts';
import * as repo from './email-change.repository.ts';

const CODE_TABLE = 'email_change_requests';

/**
 * SPEC's 401 for a refused code, with `tries_left` (beyond SPEC): 0 once the code is spent
 * (expired, out of tries or used), so the portal asks for a new one instead of another guess.
 */
const codeRefused = (triesLeft: number) =>
  new HttpError(401, MSG.emailChangeUnauthorized, { tries_left: triesLeft });

async function businessOrNotFound(db: Kysely<Database>, registry: string) {
  const business = await repo.findBusinessEmail(db, registry);
  if (!business) throw notFound(MSG.emailChangeNotFound);
  return business;
}

export async function initiateEmailChange(
  deps: { db: Kysely<Database>; mailer: Mailer },
  actor: Actor,
  input: { business_registry_number: string; new_email: string },
  precondition: Precondition = null,
) {
  const business = await businessOrNotFound(deps.db, input.business_registry_number);
  if (await repo.emailTaken(deps.db, input.new_email)) throw conflict(MSG.emailChangeConflict);

  const code = newCode();
  await writeTransaction(deps.db, actor, async (trx) => {
    // If-Match: the code is sent only for the business as the person saw it.
    if (
      precondition !== null &&
      !(await lockBusinessAtVersion(trx, business.business_registry_number, precondition))
    )
      throw notFound(MSG.emailChangeNotFound);
    refuseEarlyResend(await resendWait(trx, CODE_TABLE, input.new_email, TIMING.emailChangeResendSeconds));
    await repo.replacePendingRequest(trx, {
      businessId: business.id,
      newEmail: input.new_email,
      codeHash: hashCode(code),
      requestedBy: actor.changedBy,
      expiresAt: codeExpiry(),
    });
    await recordStaffAction(
      trx,
      actor,
      'email_change_request',
      { kind: 'business', registry: business.business_registry_number },
      { old_email: business.business_email, new_email: input.new_email },
    );
  });
  // Sent after the commit: the outbox mailer writes through its own connection.
  await deps.mailer.send({
    to: input.new_email,
    subject: 'Código de verificación para cambio de correo electrónico',
    text:
      `Su código de verificación es: ${code}\n\n` +
      `Se solicitó cambiar el correo del negocio ${business.business_registry_number} a esta dirección. ` +
      `El código vence en ${CODE_TTL_MS / 60_000} minutos.`,
  });
  return { old_email: business.business_email, new_email: input.new_email, message: EMAIL_CHANGE_CODE_SENT };
}

/** Two changes to one address at once: the second meets the unique index, not emailTaken. */
async function writeNewEmail<T>(
  db: Kysely<Database>,
  actor: Actor,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await writeTransaction(db, actor, write);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') throw conflict(MSG.emailChangeConflict);
    throw error;
  }
}

export async function completeEmailChange(
  db: Kysely<Database>,
  actor: Actor,
  input: { business_registry_number: string; new_email: string; verification_code: string },
  precondition: Precondition = null,
) {
  const business = await businessOrNotFound(db, input.business_registry_number);
  const pending = await repo.findPendingRequest(db, business.id, input.new_email);
  if (!pending) throw conflict(MSG.emailChangeConflict);
  // The try is counted before the comparison, atomically (codes.repository.ts).
  const claimed = await claimCode(db, CODE_TABLE, pending.id, CODE_MAX_ATTEMPTS);
  if (!claimed) throw codeRefused(0);
  if (!codeMatches(input.verification_code, claimed.codeHash)) throw codeRefused(claimed.triesLeft);

  const { oldEmail, version } = await writeNewEmail(db, actor, async (trx) => {
    // If-Match: the version of the business at initiate; a change since then is a 412.
    if (
      precondition !== null &&
      !(await lockBusinessAtVersion(trx, business.business_registry_number, precondition))
    )
      throw notFound(MSG.emailChangeNotFound);
    if (!(await consumeCode(trx, CODE_TABLE, pending.id))) throw codeRefused(0);
    if (await repo.emailTaken(trx, input.new_email)) throw conflict(MSG.emailChangeConflict);
    const { oldEmail: replaced, version } = await repo.setBusinessEmail(trx, business.id, input.new_email);
    await recordStaffAction(
      trx,
      actor,
      'email_change_confirm',
      { kind: 'business', registry: business.business_registry_number },
      { old_email: replaced, new_email: input.new_email },
    );
    return { oldEmail: replaced, version };
  });
  return { old_email: oldEmail, new_email: input.new_email, message: EMAIL_CHANGE_COMPLETED, version };
}
