import type { ImportRow } from '../../../api/business-import-api.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { formatCount } from '../../../lib/size-label.ts';

/** A row's message ends with a period, as every one of the server's does now (older imports kept some without). */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text : `${text.trimEnd()}.`);

/**
 * The rows in error of a preview, or of an ended import, each with its messages per field. The
 * server answers the first 1,000 of them: `total` (every row in error) says when the table shows
 * only part.
 */
export function PreviewErrorRows({
  rows,
  total,
  ended = false,
}: {
  rows: ImportRow[];
  total?: number;
  ended?: boolean;
}) {
  const errors = rows.filter((row) => row.action === 'error');
  if (errors.length === 0) return null;
  const partial = total !== undefined && total > errors.length;
  const shown = `Se muestran las primeras ${formatCount(errors.length)} de ${formatCount(total ?? 0)}`;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left text-sm font-semibold text-slate-900">
          {ended ? 'Filas con errores (no se importaron)' : 'Filas con errores (no se importarán)'}
          {partial ? (
            <span className="mt-1 block font-normal text-slate-600">
              {ended ? `${shown}.` : `${shown}; al terminar, el resultado por fila las incluye todas.`}
            </span>
          ) : null}
        </caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Fila
            </th>
            <th scope="col" className="px-4 py-3">
              Negocio
            </th>
            <th scope="col" className="px-4 py-3">
              Errores
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {errors.map((row) => (
            <tr key={row.row}>
              <td className="px-4 py-2 tabular-nums text-slate-700">{row.row}</td>
              <td className="px-4 py-2 text-slate-900">
                {row.business_name || row.business_registry_number || '—'}
              </td>
              <td className="px-4 py-2 text-red-700">
                <ul className="space-y-0.5">
                  {(row.errors ?? []).map((error) => (
                    <li key={`${error.field}-${error.message}`}>
                      {/* A message about the whole row (characters that could not be read) names no field. */}
                      {error.field ? (
                        <span className="font-medium">{businessColumnLabel(error.field)}: </span>
                      ) : null}
                      {sentence(error.message)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
