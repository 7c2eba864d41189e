// Turning the second factor on and off, and checking a code. A code is either a current TOTP
// (accepted once: its step must be later than the last used one) or an unused recovery code. `now`
// (milliseconds) is a parameter so tests compute codes for any moment.
import { TWO_FACTOR, TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { AppContext } from '../http/context.ts';
import { conflict, HttpError } from '../http/http-error.ts';
import { newTotpSecret, otpauthUrl, qrSvg, verifyTotp } from './totp.ts';
import {
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  type Owner,
  readRequireAdmins,
  recoveryCodesLeft,
  savePendingSecret,
  type TwoFactorRow,
  useRecoveryCode,
  useStep,
} from './two-factor.repository.ts';
import {
  deriveTwoFactorKeys,
  hashRecoveryCode,
  newRecoveryCode,
  normalizeRecoveryCode,
  openSecret,
  sealSecret,
  type TwoFactorKeys,
} from './two-factor-crypto.ts';

const keysBySecrets = new WeakMap<object, TwoFactorKeys>();

export function twoFactorKeys(ctx: Pick<AppContext, 'config' | 'secrets'>): TwoFactorKeys {
  let keys = keysBySecrets.get(ctx.secrets);
  if (!keys) {
    keys = deriveTwoFactorKeys(ctx.config.totpEncryptionKey ?? ctx.secrets.jwtSecret);
    keysBySecrets.set(ctx.secrets, keys);
  }
  return keys;
}

export const invalidCode = () => new HttpError(401, TWO_FACTOR_MSG.invalidCode);

/** What a refused code is told: a recovery code already used says so; anything else is just wrong. */
export const codeRefusal = (check: RefusedCode) =>
  check === 'spent' ? new HttpError(401, TWO_FACTOR_MSG.recoveryCodeSpent) : invalidCode();

/** A code's check: a right TOTP or recovery code (used now), a recovery code used before, or wrong. */
export type CodeCheck = AcceptedCode | RefusedCode;
export type AcceptedCode = 'totp' | 'recovery_code';
type RefusedCode = 'spent' | 'wrong';

export const ownerOf = (account: { loginType: 'admin' | 'master'; adminId: number | null }): Owner =>
  account.loginType === 'admin' && account.adminId !== null
    ? { kind: 'admin', adminId: account.adminId }
    : { kind: 'master' };

/** Whether the account must have 2FA: admins, while the master requires it. */
export async function isRequired(ctx: AppContext, owner: Owner): Promise<boolean> {
  return owner.kind === 'admin' && (await readRequireAdmins(ctx.db)).value;
}

export async function isEnabled(ctx: AppContext, owner: Owner): Promise<boolean> {
  return (await findTwoFactor(ctx.db, owner))?.enabled_at != null;
}

export async function status(ctx: AppContext, owner: Owner) {
  const row = await findTwoFactor(ctx.db, owner);
  const enabled = row?.enabled_at != null;
  return {
    success: true,
    enabled,
    required: await isRequired(ctx, owner),
    recovery_codes_left: row && enabled ? await recoveryCodesLeft(ctx.db, row.id) : 0,
  };
}

/** A new secret, stored sealed and not active until enabled; the only answer that carries it. */
export async function setup(ctx: AppContext, owner: Owner, label: string) {
  const secret = newTotpSecret();
  if (!(await savePendingSecret(ctx.db, owner, sealSecret(twoFactorKeys(ctx), secret)))) {
    throw conflict(TWO_FACTOR_MSG.alreadyEnabled);
  }
  const url = otpauthUrl(secret, label);
  return { success: true, secret, otpauth_url: url, qr_svg: await qrSvg(url) };
}

/** What else is written in the transaction that turns 2FA on or off (its staff audit row). */
export type WithinChange<A extends unknown[] = []> = (
  trx: Transaction<Database>,
  ...args: A
) => Promise<void>;

/** A pending secret confirmed by a current code: what turning it on writes, and the codes to answer. */
export interface ConfirmedSetup {
  id: number;
  step: number;
  codes: string[];
  hashes: string[];
}

/** Checks `code` against the pending secret (nothing written yet); refused when 2FA is on or not set up. */
export async function confirmSetup(
  ctx: AppContext,
  owner: Owner,
  code: string,
  now: number,
): Promise<ConfirmedSetup> {
  const row = await findTwoFactor(ctx.db, owner);
  if (!row) throw conflict(TWO_FACTOR_MSG.setupFirst);
  if (row.enabled_at) throw conflict(TWO_FACTOR_MSG.alreadyEnabled);
  const step = verifyTotp(
    openSecret(twoFactorKeys(ctx), row.secret_encrypted),
    code,
    now,
    row.last_used_step,
  );
  if (step === null) throw invalidCode();
  return { id: row.id, step, ...newRecoveryCodeSet(ctx) };
}

/** Turns 2FA on in `trx` with the confirmed setup and its recovery codes. */
export async function turnOn(trx: Transaction<Database>, confirmed: ConfirmedSetup): Promise<void> {
  // A parallel enable used this code first (or turned it on).
  if (!(await enableTwoFactor(trx, confirmed.id, confirmed.step, confirmed.hashes))) throw invalidCode();
}

/**
 * Confirms the pending secret with a current code: 2FA on, 10 recovery codes answered once.
 * `within` runs in the same transaction: if it fails, 2FA stays off.
 */
export async function enable(
  ctx: AppContext,
  owner: Owner,
  code: string,
  now: number,
  within?: WithinChange,
): Promise<string[]> {
  const confirmed = await confirmSetup(ctx, owner, code, now);
  await ctx.db.transaction().execute(async (trx) => {
    await turnOn(trx, confirmed);
    await within?.(trx);
  });
  return confirmed.codes;
}

/** Whether `code` is a right, unused current TOTP of the account; using it if so. */
export async function acceptTotp(ctx: AppContext, row: TwoFactorRow, code: string, now: number) {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return false;
  const step = verifyTotp(
    openSecret(twoFactorKeys(ctx), row.secret_encrypted),
    digits,
    now,
    row.last_used_step,
  );
  return step !== null && (await useStep(ctx.db, row.id, step));
}

/**
 * Which kind of right, unused code `code` is (a TOTP or a recovery code), using it; 'spent' for one
 * of the account's recovery codes already used, else 'wrong'.
 */
export async function acceptCode(
  ctx: AppContext,
  row: TwoFactorRow,
  code: string,
  now: number,
): Promise<CodeCheck> {
  if (/^\d{6}$/.test(code.replace(/\s/g, '')))
    return (await acceptTotp(ctx, row, code, now)) ? 'totp' : 'wrong';
  if (normalizeRecoveryCode(code).length !== 10) return 'wrong';
  const used = await useRecoveryCode(ctx.db, row.id, hashRecoveryCode(twoFactorKeys(ctx), code));
  return used === 'ok' ? 'recovery_code' : used;
}

/** Ten new recovery codes and their keyed hashes (what is stored). */
export function newRecoveryCodeSet(ctx: AppContext): { codes: string[]; hashes: string[] } {
  const keys = twoFactorKeys(ctx);
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => hashRecoveryCode(keys, c)) };
}

/**
 * Turns 2FA off with a current or recovery code (which kind it was); refused for an admin while
 * required. `within` runs in the same transaction: if it fails, 2FA stays on.
 */
export async function disable(
  ctx: AppContext,
  owner: Owner,
  code: string,
  now: number,
  within?: WithinChange<[accepted: AcceptedCode]>,
): Promise<AcceptedCode> {
  const row = await findTwoFactor(ctx.db, owner);
  if (!row?.enabled_at) throw conflict(TWO_FACTOR_MSG.notEnabled);
  if (await isRequired(ctx, owner)) throw conflict(TWO_FACTOR_MSG.requiredForAdmins);
  const accepted = await acceptCode(ctx, row, code, now);
  if (accepted === 'spent' || accepted === 'wrong') throw codeRefusal(accepted);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, row.id);
    await within?.(trx, accepted);
  });
  return accepted;
}
