import { OPERATION_TYPES } from '@portal/contract/enums';
import { useId } from 'react';
import type { ChangeLogFilters } from '../../../api/change-logs-api.ts';
import { BUSINESS_LOG_COLUMNS, businessColumnLabel } from '../../../lib/business-column-label.ts';
import { operationLabel } from '../../../lib/operation-label.ts';
import { Field, SelectInput } from '../../field.tsx';

interface HistoryFiltersProps {
  filters: ChangeLogFilters;
  onChange: (filters: ChangeLogFilters) => void;
}

/** Narrow the history by operation and by field; the server applies them. */
export function HistoryFilters({ filters, onChange }: HistoryFiltersProps) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-operation`} label="Operación">
        <SelectInput
          id={`${id}-operation`}
          value={filters.operation_type ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              operation_type: (event.target.value || undefined) as ChangeLogFilters['operation_type'],
            })
          }
        >
          <option value="">Todas las operaciones</option>
          {OPERATION_TYPES.map((operation) => (
            <option key={operation} value={operation}>
              {operationLabel(operation)}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field id={`${id}-column`} label="Campo">
        <SelectInput
          id={`${id}-column`}
          value={filters.changed_column ?? ''}
          onChange={(event) => onChange({ ...filters, changed_column: event.target.value || undefined })}
        >
          <option value="">Todos los campos</option>
          {BUSINESS_LOG_COLUMNS.map((column) => (
            <option key={column} value={column}>
              {businessColumnLabel(column)}
            </option>
          ))}
        </SelectInput>
      </Field>
    </div>
  );
}
