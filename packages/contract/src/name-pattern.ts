// What a person's name may hold (SPEC §5). Its own module so the portal's name inputs can use it without
// the whole business registration schema and its category catalog.

/** Letters of any alphabet (accents, ñ, ü as one code point or as combining marks) and spaces. */
export const NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;
/** Everything a name input drops while typing. */
export const NAME_DISALLOWED = /[^\p{L}\p{M} ]/gu;
