// The 'Detalles' of a staff audit row, one line each ('Email anterior: …'), as the global
// 'Auditoría' and a business page's 'Auditoría' both show them.
import { type DetailDates, detailLines } from '@portal/contract/staff-audit-details';
import { formatCalendarDate } from '../lib/calendar-date.ts';
import { formatDateTime } from '../lib/format-date.ts';

/** Dates in the portal's es-PR words: a moment in the reader's time zone, a calendar day as that day. */
const PORTAL_DATES: DetailDates = { dateTime: formatDateTime, day: formatCalendarDate };

export function StaffActionDetails({ details }: { details: Record<string, unknown> }) {
  const lines = detailLines(details, PORTAL_DATES);
  if (lines.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs break-words text-slate-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
