// The 'Detalles' of a staff audit row, one line each ('Email anterior: …'), as the global
// 'Auditoría' and a business page's 'Auditoría' both show them.
import { detailLines } from '@portal/contract/staff-audit-details';

export function StaffActionDetails({ details }: { details: Record<string, unknown> }) {
  const lines = detailLines(details);
  if (lines.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs break-words text-slate-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
