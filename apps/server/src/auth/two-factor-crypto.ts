// 2FA secrets at rest: AES-256-GCM with a key derived by HKDF-SHA256 from TOTP_ENCRYPTION_KEY when
// set, otherwise from the JWT secret. Recovery codes are kept as an HMAC-SHA256 under a second
// derived key, so a copy of the database alone does not let anyone test guesses offline. Neither
// the secret nor a code is ever logged.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface TwoFactorKeys {
  seal: Buffer;
  recovery: Buffer;
}

export function deriveTwoFactorKeys(material: string | Uint8Array): TwoFactorKeys {
  const ikm = typeof material === 'string' ? Buffer.from(material, 'utf8') : Buffer.from(material);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ikm, 'portal-two-factor', info, 32));
  return { seal: derive('totp-secret-v1'), recovery: derive('recovery-code-v1') };
}

/** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function sealSecret(keys: TwoFactorKeys, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The secret, or throws when the key is not the one it was sealed with (or the text was altered). */
export function openSecret(keys: TwoFactorKeys, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) {
    throw new Error('Unreadable two-factor secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Recovery codes are compared without case, spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export function hashRecoveryCode(keys: TwoFactorKeys, code: string): string {
  return createHmac('sha256', keys.recovery).update(normalizeRecoveryCode(code)).digest('hex');
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 letters: byte % 32 is unbiased

/** `XXXXX-XXXXX`: 10 characters of 5 bits each (50 bits), easy to read and type. */
export function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(10), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
