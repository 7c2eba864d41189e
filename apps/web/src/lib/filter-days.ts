// The days a date filter takes. The server reads years 1000 to 9999, so a year typed short ('0202'
// for 2020) is caught on the form, with a message, instead of coming back as an error.
export const FILTER_DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;

export const FILTER_DAY_OUT_OF_RANGE = 'Ingrese fechas con un año entre 1000 y 9999.';

export const filterDaysInRange = (...days: string[]): boolean =>
  days.every((day) => day === '' || FILTER_DAY.test(day));

const EARLIEST = Date.UTC(1000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The start of `day` (or its last millisecond) in the browser's time zone, as the instant the
 * server is sent: a bare date would be read as a UTC day, 4 hours off Puerto Rico's. Kept within
 * the years the server reads; a value that is not a day goes as it is (the server refuses it).
 */
export function dayInstant(day: string, end: boolean): string {
  if (!FILTER_DAY.test(day)) return day;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return new Date(Math.min(Math.max(local.getTime(), EARLIEST), LATEST)).toISOString();
}
