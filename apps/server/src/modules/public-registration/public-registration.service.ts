// Public business registration (SPEC §5, §7 "Public"). Staff-made registrations (a staff session,
// as the portal's form sends) get a server-generated temporary password mailed to the owner (SPEC §9).

import { REGISTRATION_DEFAULTS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import {
  REGISTRATION_MESSAGES,
  type RegisterBusinessBody,
  type VerifyExistsBody,
} from '@portal/contract/public-registration';
import { hashPassword } from '../../auth/passwords.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { Actor } from '../../db/audit.ts';
import { writeTransaction } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { conflict, unauthorized } from '../../http/http-error.ts';
import { deliverOwnerAccess, queueOwnerAccess } from '../../mail/owner-access-mails.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './public-registration.repository.ts';

const UNIQUE_VIOLATION = '23505';

/** A unique violation on email or phone (a concurrent registration) names the field that clashed. */
export function duplicateMessage(error: unknown): string | null {
  const pg = error as { code?: string; constraint?: string; message?: string };
  if (pg?.code !== UNIQUE_VIOLATION) return null;
  const where = `${pg.constraint ?? ''} ${pg.message ?? ''}`;
  if (where.includes('businesses_email_unique')) return MSG.emailAlreadyRegistered;
  if (where.includes('businesses_phone_unique')) return MSG.phoneAlreadyRegistered;
  return null;
}

export async function registerBusiness(
  ctx: AppContext,
  actor: Actor,
  body: RegisterBusinessBody,
  staff: AuthContext | null,
  log: (error: unknown) => void,
) {
  // The admin form's registrations are staff-made: without a live staff session (one that expired
  // meanwhile, say) the portal is told to renew it and send again, instead of the business being
  // registered as the public's, with a password nobody was given.
  if (!staff && body.referral_source === REGISTRATION_DEFAULTS.referral_source) {
    throw unauthorized(MSG.unauthorized);
  }
  const referral = staff
    ? (body.referral_source ?? REGISTRATION_DEFAULTS.referral_source)
    : (body.referral_source ?? null);
  const taken = await repo.takenField(ctx.db, body.business_email, body.business_phone);
  if (taken) throw conflict(taken === 'email' ? MSG.emailAlreadyRegistered : MSG.phoneAlreadyRegistered);

  // A staff registration's owner gets a temporary password by mail (mail/owner-access-mails.ts).
  const staffMade = staff !== null;
  // Only a staff session may vouch for the owner's email and phone (SPEC §6).
  const verifiedEmail = staff !== null && body.email_verified === true;
  const verifiedPhone = staff !== null && body.phone_verified === true;

  let created: Awaited<ReturnType<typeof repo.insertBusiness>>;
  let mailId: number | undefined;
  try {
    created = await writeTransaction(ctx.db, actor, async (trx) => {
      const row = await repo.insertBusiness(trx, {
        business_name: body.business_name,
        business_owner: body.business_owner,
        business_email: body.business_email,
        business_phone: body.business_phone,
        business_address: body.business_address ?? null,
        business_category: body.business_category ?? null,
        business_description: body.business_description || null,
        business_year: body.business_year ?? null,
        business_terms: true,
        password_hash: staffMade ? null : await hashPassword(body.password),
        must_change_password: staffMade,
        verified_email: verifiedEmail,
        verified_phone: verifiedPhone,
        admin_verified: verifiedEmail && verifiedPhone,
        ip_address: actor.ip,
        device_type: body.device_type || REGISTRATION_DEFAULTS.device_type,
        referral_source: referral,
      });
      // Only a staff caller (actor.staff) is recorded; a public registration is not a staff action.
      await recordStaffAction(
        trx,
        actor,
        'business_register',
        { kind: 'business', registry: row.business_registry_number },
        { business_name: row.business_name, verified_email: verifiedEmail, verified_phone: verifiedPhone },
      );
      if (staffMade) [mailId] = await queueOwnerAccess(trx, { importId: null, ...actor }, [row.id], true);
      return row;
    });
  } catch (error) {
    const message = duplicateMessage(error);
    if (message) throw conflict(message);
    throw error;
  }

  let passwordSent: boolean | undefined;
  if (mailId !== undefined) {
    // After the commit: the business stays registered even if the mail server is down, and a mail
    // not sent now is tried again by the mail worker.
    const mailLog = { error: (object: object) => log((object as { err?: unknown }).err ?? object) };
    try {
      passwordSent =
        (await deliverOwnerAccess({ db: ctx.db, mailer: ctx.mailer, log: mailLog }, mailId)) === 'sent';
    } catch (error) {
      log(error);
      passwordSent = false;
    }
  }
  return {
    message: REGISTRATION_MESSAGES.registered,
    business_registry_number: created.business_registry_number,
    business_name: created.business_name,
    verified_email: created.verified_email,
    verified_phone: created.verified_phone,
    admin_verified: created.admin_verified,
    must_change_password: created.must_change_password,
    ...(passwordSent === undefined ? {} : { temporary_password_sent: passwordSent }),
  };
}

export async function verifyExists(ctx: AppContext, body: VerifyExistsBody) {
  return { field: body.field, exists: await repo.exists(ctx.db, body.field, body.value) };
}
