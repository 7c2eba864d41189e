// The portal's one way of writing a date (DESIGN §9): es-PR, short month, 12 h with 'a. m.' /
// 'p. m.' whatever the browser prefers. Options only, for Intl (in browsers and in Node alike):
// the portal writes dates in the reader's time zone, the server's files in Puerto Rico's.
export const DATE_LOCALE = 'es-PR';

/** Where the portal's readers are: the time zone of a date the server writes in words. */
export const PORTAL_TIME_ZONE = 'America/Puerto_Rico';

export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  ...DATE_OPTIONS,
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
};
