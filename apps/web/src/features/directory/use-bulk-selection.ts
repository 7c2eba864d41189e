// The directory's selection for bulk actions: registry numbers, with the row of each
// one seen on a page (the export writes them). A click toggles one row, shift+click the range from
// the last clicked row, and 'Seleccionar los N resultados' adds the whole search (up to 1,000).
import { BULK_MAX_BUSINESSES } from '@portal/contract/business-bulk';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { BusinessRow } from '../../api/business-data-api.ts';

export interface BulkSelection {
  /** Registry number → its row when a page showed it, null when added by the whole search. */
  selected: ReadonlyMap<string, BusinessRow | null>;
  count: number;
  /** A range or the whole search stopped at BULK_MAX_BUSINESSES. */
  full: boolean;
  /** Toggles `rows[index]`; with `range`, every row from the last toggled one takes its new state. */
  toggle: (rows: readonly BusinessRow[], index: number, range: boolean) => void;
  setRows: (rows: readonly BusinessRow[], on: boolean) => void;
  addNumbers: (registries: readonly string[]) => void;
  remove: (registries: readonly string[]) => void;
  clear: () => void;
}

/** `current` with `registries` set on or off, never past the cap (the first ones win). */
function withRows(
  current: ReadonlyMap<string, BusinessRow | null>,
  entries: readonly (readonly [string, BusinessRow | null])[],
  on: boolean,
) {
  const next = new Map(current);
  for (const [registry, row] of entries) {
    if (!on) next.delete(registry);
    else if (next.has(registry)) next.set(registry, row ?? next.get(registry) ?? null);
    else if (next.size < BULK_MAX_BUSINESSES) next.set(registry, row);
  }
  return next;
}

export function useBulkSelection(): BulkSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, BusinessRow | null>>(() => new Map());
  const anchor = useRef<string | null>(null);

  const toggle = useCallback((rows: readonly BusinessRow[], index: number, range: boolean) => {
    const row = rows[index];
    if (!row) return;
    // Read now: the updater below runs later, after the anchor has moved to this row.
    const from = range ? rows.findIndex((r) => r.business_registry_number === anchor.current) : -1;
    setSelected((current) => {
      const on = !current.has(row.business_registry_number);
      const span = from === -1 ? [row] : rows.slice(Math.min(from, index), Math.max(from, index) + 1);
      return withRows(
        current,
        span.map((r) => [r.business_registry_number, r] as const),
        on,
      );
    });
    anchor.current = row.business_registry_number;
  }, []);

  const setRows = useCallback((rows: readonly BusinessRow[], on: boolean) => {
    setSelected((current) =>
      withRows(
        current,
        rows.map((r) => [r.business_registry_number, r] as const),
        on,
      ),
    );
  }, []);

  const addNumbers = useCallback((registries: readonly string[]) => {
    setSelected((current) =>
      withRows(
        current,
        registries.map((registry) => [registry, null] as const),
        true,
      ),
    );
  }, []);

  const remove = useCallback((registries: readonly string[]) => {
    setSelected((current) =>
      withRows(
        current,
        registries.map((registry) => [registry, null] as const),
        false,
      ),
    );
  }, []);

  const clear = useCallback(() => {
    anchor.current = null;
    setSelected((current) => (current.size === 0 ? current : new Map()));
  }, []);

  return useMemo(
    () => ({
      selected,
      count: selected.size,
      full: selected.size >= BULK_MAX_BUSINESSES,
      toggle,
      setRows,
      addNumbers,
      remove,
      clear,
    }),
    [selected, toggle, setRows, addNumbers, remove, clear],
  );
}
