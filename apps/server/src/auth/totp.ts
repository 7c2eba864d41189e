// TOTP (RFC 6238) with otpauth: base32 secret, SHA-1, 6 digits, 30-second steps. Every function
// takes the time as a parameter (milliseconds since the epoch), so tests compute codes for any
// moment without a mocked clock.
import { TWO_FACTOR } from '@portal/contract/two-factor';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'Portal de Administración';

function totp(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, label: string): string => totp(secret, label).toString();

export const qrSvg = (url: string): Promise<string> =>
  QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The 30-second step `now` falls in. */
export const totpStep = (now: number): number => Math.floor(now / 1000 / TWO_FACTOR.periodSeconds);

/** The code for `now` (tests and the e2e compute theirs the same way). */
export const totpCode = (secret: string, now: number): string => totp(secret).generate({ timestamp: now });

/**
 * The step of the code when it is right at `now` (±1 step of drift) and later than
 * `lastUsedStep` (a code is accepted once); otherwise null.
 */
export function verifyTotp(
  secret: string,
  code: string,
  now: number,
  lastUsedStep: number | null = null,
): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
