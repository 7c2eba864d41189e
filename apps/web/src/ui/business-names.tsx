// The businesses a bulk confirmation acts on, by name (the single action names its one): the first
// NAMES_SHOWN, then how many more. A number no page read shows is named by itself.
import { formatCount } from '../lib/size-label.ts';
import type { NamedRows } from './bulk-failure-list.tsx';

/** How many names a confirmation lists before it says how many more. */
const NAMES_SHOWN = 5;

/** The rest of a list cut at NAMES_SHOWN: 'y 3 más'. */
export const moreText = (more: number) => `y ${formatCount(more)} más`;

export function BusinessNames({ label, rows }: { label: string; rows: NamedRows }) {
  const entries = [...rows].slice(0, NAMES_SHOWN);
  const more = rows.size - entries.length;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <ul aria-label={label} className="list-disc space-y-0.5 pl-5">
        {entries.map(([registry, row]) => (
          <li key={registry} className="[overflow-wrap:anywhere]">
            {row?.business_name ? <span className="font-medium">{row.business_name}</span> : null}{' '}
            <span className="font-mono text-xs text-slate-600">{registry}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-0.5 pl-5 text-slate-600">{moreText(more)}</p> : null}
    </div>
  );
}
