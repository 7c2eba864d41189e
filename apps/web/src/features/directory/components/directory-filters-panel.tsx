import { MSG } from '@portal/contract/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { FILTER_DAY_OUT_OF_RANGE, filterDaysInRange } from '../../../lib/filter-days.ts';
import { CategoryCombobox } from '../../../ui/category-combobox.tsx';
import { Field, SelectInput } from '../../../ui/field.tsx';
import { DateRangeFields, FilterButtons } from '../../../ui/filter-form.tsx';
import {
  activeFilterCount,
  type DirectoryFilters,
  datesAreInOrder,
  EMPTY_FILTERS,
  sameFilters,
  type VerifiedFilter,
} from '../directory-view.ts';

interface DirectoryFiltersPanelProps {
  id: string;
  /** The filters in the URL. */
  applied: DirectoryFilters;
  onApply: (filters: DirectoryFilters) => void;
}

const VERIFIED_OPTIONS: { value: VerifiedFilter; label: string }[] = [
  { value: '', label: 'Todos' },
  { value: 'verificado', label: 'Verificado' },
  { value: 'no-verificado', label: 'No Verificado' },
];

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The filter form (SPEC §2): edited here, applied with 'Aplicar Filtros', emptied with 'Limpiar'. */
export function DirectoryFiltersPanel({ id, applied, onApply }: DirectoryFiltersPanelProps) {
  const [draft, setDraft] = useState(applied);
  const [dateError, setDateError] = useState<string | null>(null);
  // The category box keeps its own text; a new key gives it the draft's category after an outside change.
  const [version, setVersion] = useState(0);

  // Compared by value: the parent builds a new object on every render.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    const next = JSON.parse(appliedKey) as DirectoryFilters;
    setDraft((current) => (sameFilters(current, next) ? current : next));
    setDateError(null);
    setVersion((value) => value + 1);
  }, [appliedKey]);

  const set = <K extends keyof DirectoryFilters>(key: K, value: DirectoryFilters[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key === 'dateFrom' || key === 'dateTo') setDateError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filterDaysInRange(draft.dateFrom, draft.dateTo)) {
      setDateError(FILTER_DAY_OUT_OF_RANGE);
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    if (!datesAreInOrder(draft)) {
      setDateError(MSG.dateFromBeforeTo);
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    onApply(draft);
  };

  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setDateError(null);
    setVersion((value) => value + 1);
    if (activeFilterCount(applied) > 0) onApply(EMPTY_FILTERS);
  };

  const verifiedSelect = (key: 'verifiedEmail' | 'verifiedPhone', label: string) => (
    <Field id={`${id}-${key}`} label={label}>
      <SelectInput
        id={`${id}-${key}`}
        value={draft[key]}
        onChange={(event) => set(key, event.target.value as VerifiedFilter)}
        options={VERIFIED_OPTIONS}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Filtros" className="space-y-4">
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-5">
        <Field id={`${id}-category`} label="Categoría" className="col-span-2 lg:col-span-1">
          <CategoryCombobox
            key={version}
            id={`${id}-category`}
            value={draft.category}
            onChange={(category) => set('category', category)}
            placeholder="Todas las categorías"
          />
        </Field>
        {verifiedSelect('verifiedEmail', 'Email Verificado')}
        {verifiedSelect('verifiedPhone', 'Teléfono Verificado')}
        <DateRangeFields
          id={id}
          dateFrom={draft.dateFrom}
          dateTo={draft.dateTo}
          latest={today()}
          error={dateError}
          onChange={set}
        />
      </div>
      <FilterButtons onClear={clear} />
    </form>
  );
}
