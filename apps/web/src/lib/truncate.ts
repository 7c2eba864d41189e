// Short descriptions in lists (SPEC §9): cut at 100 characters, events at 150.
export const DESCRIPTION_MAX_LENGTH = 100;
export const EVENT_DESCRIPTION_MAX_LENGTH = 150;

/** The first `max` characters followed by '…' when the text is longer; whole characters, never half an emoji. */
export function truncate(text: string | null | undefined, max: number): string {
  const value = (text ?? '').trim();
  const characters = Array.from(value);
  if (characters.length <= max) return value;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}
