// Send code (SPEC §7 "Email verification"): mails a 6-digit code and hands it back to the
// staff member, who reads it out to the owner (SPEC shows it displayed and copyable). One code per
// address per resend countdown (SPEC §9), held here too: a session cannot mail an address at will.
import { SEND_CODE_SENT } from '@portal/contract/email-verification';
import { TIMING } from '@portal/contract/limits';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { resendWait } from '../shared-codes/codes.repository.ts';
import { CODE_TTL_MS, codeExpiry, hashCode, newCode, refuseEarlyResend } from '../shared-codes/codes.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './email-verification.repository.ts';

export async function sendVerificationCode(
  deps: { db: Kysely<Database>; mailer: Mailer },
  actor: Actor,
  email: string,
) {
  const code = newCode();
  const expiresAt = codeExpiry();
  await writeTransaction(deps.db, actor, async (trx) => {
    const wait = await resendWait(
      trx,
      'email_verification_codes',
      email,
      TIMING.registrationCodeResendSeconds,
    );
    refuseEarlyResend(wait);
    await repo.storeCode(trx, { email, codeHash: hashCode(code), requestedBy: actor.changedBy, expiresAt });
    await recordStaffAction(trx, actor, 'verification_code_send', null, { email });
  });
  await deps.mailer.send({
    to: email,
    subject: 'Código de verificación de correo electrónico',
    text: `Su código de verificación es: ${code}\n\nEl código vence en ${CODE_TTL_MS / 60_000} minutos.`,
  });
  return { message: SEND_CODE_SENT, code, expires_at: expiresAt };
}
