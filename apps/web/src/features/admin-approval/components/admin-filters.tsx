import { LIMITS, TIMING } from '@portal/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SelectInput } from '../../../ui/field.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from '../admin-status.ts';

interface AdminFiltersProps {
  status: StatusFilter;
  search: string;
  onStatusChange: (status: StatusFilter) => void;
  onSearchChange: (search: string) => void;
}

/** Status filter and a search over names, email and id, sent 500 ms after typing stops (SPEC §9). */
export function AdminFilters({ status, search, onStatusChange, onSearchChange }: AdminFiltersProps) {
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text, TIMING.searchDebounceMs);

  // Only a change of the debounced text is sent; the URL's current value is read through a ref so
  // that clearing the box (sent at once) is not undone by the text still waiting in the debounce.
  const latest = useRef({ search, onSearchChange });
  latest.current = { search, onSearchChange };
  useEffect(() => {
    if (debounced.trim() !== latest.current.search.trim()) latest.current.onSearchChange(debounced);
  }, [debounced]);

  // Back/forward or 'Limpiar búsqueda' change the URL: the box follows it.
  useEffect(() => {
    setText((current) => (current.trim() === search.trim() ? current : search));
  }, [search]);

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor="admin-search" className="block text-sm font-medium text-slate-800">
          Buscar administradores
        </label>
        <SearchInput
          id="admin-search"
          value={text}
          maxLength={LIMITS.text.name}
          placeholder="Nombre, correo electrónico o ID"
          onValueChange={setText}
          onClear={() => {
            setText('');
            onSearchChange('');
          }}
        />
      </div>
      <div className="space-y-1.5 sm:w-52">
        <label htmlFor="admin-status-filter" className="block text-sm font-medium text-slate-800">
          Estado
        </label>
        <SelectInput
          id="admin-status-filter"
          value={status}
          onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
          options={STATUS_FILTER_OPTIONS}
        />
      </div>
    </div>
  );
}
