// 'hace N minutos/horas/días' through Intl.RelativeTimeFormat (es-PR), for the change history.
const LOCALE = 'es-PR';

const always = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
// 'auto' only for the first minute, where it says 'ahora' instead of 'hace 0 segundos'.
const auto = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

type DateInput = string | number | Date | null | undefined;

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/**
 * How long ago `value` was, relative to `now`: 'ahora', 'hace 5 minutos', 'hace 1 hora',
 * 'hace 3 días', 'hace 2 meses', 'hace 1 año'. A time ahead of `now` by less than a minute
 * (clock skew) also reads 'ahora'. Invalid or missing input gives ''.
 */
export function relativeTime(value: DateInput, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return auto.format(0, 'second');
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let unitSeconds = 60;
  for (const [candidate, length] of STEPS) {
    if (size >= length) {
      unit = candidate;
      unitSeconds = length;
    }
  }
  const count = Math.floor(size / unitSeconds);
  return always.format(seconds < 0 ? -count : count, unit);
}
