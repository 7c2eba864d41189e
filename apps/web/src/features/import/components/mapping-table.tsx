import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS } from '@portal/contract/business-import';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { SelectInput } from '../../../ui/field.tsx';

const REQUIRED = new Set<string>(IMPORT_REQUIRED_FIELDS);
const OPTIONS = IMPORT_FIELDS.map((field) => ({
  value: field,
  label: `${businessColumnLabel(field)}${REQUIRED.has(field) ? ' *' : ''}`,
}));

interface MappingTableProps {
  columns: string[];
  mapping: Record<string, string | null>;
  onChange: (column: string, field: string | null) => void;
  disabled?: boolean;
}

/** One select per column of the file: the business field it fills, or 'No importar'. */
export function MappingTable({ columns, mapping, onChange, disabled }: MappingTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">
          Correspondencia entre las columnas del archivo y los campos del negocio
        </caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Columna del archivo
            </th>
            <th scope="col" className="px-4 py-3">
              Campo del negocio
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {columns.map((column, i) => {
            const id = `mapping-${i}`;
            return (
              <tr key={column}>
                <td className="px-3 py-2 font-medium break-all text-slate-900 sm:px-4">
                  <label htmlFor={id}>{column}</label>
                </td>
                <td className="px-3 py-2 sm:px-4">
                  <SelectInput
                    id={id}
                    value={mapping[column] ?? ''}
                    disabled={disabled}
                    onChange={(event) => onChange(column, event.target.value || null)}
                    className="w-full min-w-36"
                    options={OPTIONS}
                  >
                    <option value="">No importar</option>
                  </SelectInput>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
