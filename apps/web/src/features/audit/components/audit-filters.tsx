import { MSG } from '@portal/contract/messages';
import { STAFF_ACTION_LABELS } from '@portal/contract/staff-audit';
import { type FormEvent, useEffect, useState } from 'react';
import { FILTER_DAY_OUT_OF_RANGE, filterDaysInRange } from '../../../lib/filter-days.ts';
import { Field, SelectInput, TextInput } from '../../../ui/field.tsx';
import { DateRangeFields, FilterButtons } from '../../../ui/filter-form.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { type AuditFilters, datesInOrder, EMPTY_AUDIT_FILTERS, isFiltered } from '../audit-view.ts';

const ACTION_OPTIONS = Object.entries(STAFF_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

interface AuditFiltersFormProps {
  /** The filters in the URL. */
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** Staff member, action, business and dates: edited here, applied with 'Aplicar Filtros'. */
export function AuditFiltersForm({ applied, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState(applied);
  const [dateError, setDateError] = useState<string | null>(null);

  // Compared by value: the parent builds a new object on every render.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    setDraft(JSON.parse(appliedKey) as AuditFilters);
    setDateError(null);
  }, [appliedKey]);

  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key === 'dateFrom' || key === 'dateTo') setDateError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filterDaysInRange(draft.dateFrom, draft.dateTo)) {
      setDateError(FILTER_DAY_OUT_OF_RANGE);
      document.getElementById('audit-to')?.focus();
      return;
    }
    if (!datesInOrder(draft)) {
      setDateError(MSG.dateFromBeforeTo);
      document.getElementById('audit-to')?.focus();
      return;
    }
    onApply(draft);
  };

  const clear = () => {
    setDraft(EMPTY_AUDIT_FILTERS);
    setDateError(null);
    if (isFiltered(applied)) onApply(EMPTY_AUDIT_FILTERS);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Filtros de auditoría"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      {/* One row from 1280 px, the staff box and the action wider so the hint and 'Todas las
          acciones' read whole; three then two columns on narrower screens. */}
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-3 xl:grid-cols-[minmax(0,3fr)_minmax(0,2.4fr)_repeat(3,minmax(0,2fr))]">
        <Field id="audit-staff" label="Miembro del personal" className="col-span-2 lg:col-span-1">
          <SearchInput
            id="audit-staff"
            value={draft.staff}
            onValueChange={(value) => set('staff', value)}
            placeholder="Email o Usuario maestro"
          />
        </Field>
        <Field id="audit-action" label="Acción" className="col-span-2 lg:col-span-1">
          <SelectInput
            id="audit-action"
            value={draft.action}
            onChange={(event) => set('action', event.target.value)}
            options={ACTION_OPTIONS}
          >
            <option value="">Todas las acciones</option>
          </SelectInput>
        </Field>
        <Field id="audit-registry" label="Número de registro" className="col-span-2 lg:col-span-1">
          <TextInput
            id="audit-registry"
            value={draft.registry}
            autoComplete="off"
            spellCheck={false}
            placeholder="REG123456"
            onChange={(event) => set('registry', event.target.value)}
          />
        </Field>
        <DateRangeFields
          id="audit"
          dateFrom={draft.dateFrom}
          dateTo={draft.dateTo}
          error={dateError}
          onChange={set}
        />
      </div>
      <FilterButtons onClear={clear} />
    </form>
  );
}
