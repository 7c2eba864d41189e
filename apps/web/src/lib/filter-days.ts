// The days a date filter takes. The server reads years 1000 to 9999, so a year typed short ('0202'
// for 2020) is caught on the form, with a message, instead of coming back as an error.
export const FILTER_DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;

export const FILTER_DAY_OUT_OF_RANGE = 'Ingrese fechas con un año entre 1000 y 9999.';

export const filterDaysInRange = (...days: string[]): boolean =>
  days.every((day) => day === '' || FILTER_DAY.test(day));

/** The last instant the server takes: the end of 31 Dec 9999 in a zone behind UTC is past it. */
export const LATEST_FILTER_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
