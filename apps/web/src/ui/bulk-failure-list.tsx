// The businesses a bulk action (the directory's, its 'Deshacer', the Papelera's restore of many) could
// not do, each with its name and why.

/** Registry number → what the screen knows of the business (null: only its number). */
export type NamedRows = ReadonlyMap<string, { business_name: string } | null>;

interface BulkFailureListProps {
  label: string;
  failures: readonly { registry: string; reason: string }[];
  rows: NamedRows;
}

export function BulkFailureList({ label, failures, rows }: BulkFailureListProps) {
  return (
    <section aria-label={label} className="rounded-lg border border-slate-200">
      <h3 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-700">
        {label}
      </h3>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm">
        {failures.map(({ registry, reason }) => {
          const row = rows.get(registry);
          return (
            <li key={registry} className="px-3 py-2">
              <p className="font-medium break-words text-slate-900">
                {row?.business_name ?? registry}
                {row ? <span className="ml-2 font-mono text-xs text-slate-500">{registry}</span> : null}
              </p>
              <p className="text-red-700">{reason}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
