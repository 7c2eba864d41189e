// SPEC §9: the temporary password of a staff-made registration — 12 characters with at least one
// upper-case letter, lower-case letter, digit and symbol. Uses Web Crypto (browser and Node).
export const PASSWORD_SETS = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnpqrstuvwxyz',
  digit: '23456789',
  symbol: '!@#$%^&*-_=+?',
} as const;

export const TEMPORARY_PASSWORD_LENGTH = 12;

/** A uniform integer in [0, max) without modulo bias. */
function randomIndex(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % max;
  }
}

const pick = (chars: string) => chars[randomIndex(chars.length)];

export function generateTemporaryPassword(length: number = TEMPORARY_PASSWORD_LENGTH): string {
  const sets = Object.values(PASSWORD_SETS);
  const all = sets.join('');
  const chars = sets.map(pick);
  while (chars.length < length) chars.push(pick(all));
  // Fisher–Yates, so the guaranteed characters are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** True when the password has one of each class SPEC §9 asks for and the given length. */
export function isValidTemporaryPassword(password: string, length: number = TEMPORARY_PASSWORD_LENGTH) {
  return (
    password.length === length &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
