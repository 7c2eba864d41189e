// Dates inside the audit file's 'Detalles' text ('Eliminado el: …'), written as the 'Auditoría'
// screen writes them (es-PR, 12 h). A file has no reader's time zone: Puerto Rico's stands in.
import { DATE_LOCALE, DATE_OPTIONS, DATE_TIME_OPTIONS, PORTAL_TIME_ZONE } from '@portal/contract/date-format';
import type { DetailDates } from '@portal/contract/staff-audit-details';

const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  ...DATE_TIME_OPTIONS,
  timeZone: PORTAL_TIME_ZONE,
});
// A calendar day is read as UTC midnight: written in UTC it stays the same day.
const dayFormat = new Intl.DateTimeFormat(DATE_LOCALE, { ...DATE_OPTIONS, timeZone: 'UTC' });

const inWords = (format: Intl.DateTimeFormat, value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
};

export const AUDIT_FILE_DATES: DetailDates = {
  dateTime: (value) => inWords(dateTimeFormat, value),
  day: (value) => inWords(dayFormat, value),
};
