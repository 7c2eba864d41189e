// The Papelera's selection for 'Restaurar seleccionados': registry number → the trashed business as
// its page showed it (the dialog names them). It outlives a page or a search, as the directory's does,
// so the businesses of several searches can be restored at once.
import { useCallback, useMemo, useState } from 'react';
import type { TrashedBusiness } from '../../api/business-trash-api.ts';

export interface TrashSelection {
  selected: ReadonlyMap<string, TrashedBusiness>;
  count: number;
  has: (registry: string) => boolean;
  toggle: (row: TrashedBusiness) => void;
  /** Selects (`on`) or clears every row of a page. */
  setRows: (rows: readonly TrashedBusiness[], on: boolean) => void;
  remove: (registries: readonly string[]) => void;
  clear: () => void;
}

/** `current` with `rows` on or off; a new map only when something changed. */
export function withRows(
  current: ReadonlyMap<string, TrashedBusiness>,
  rows: readonly TrashedBusiness[],
  on: boolean,
): ReadonlyMap<string, TrashedBusiness> {
  const next = new Map(current);
  for (const row of rows) {
    if (on) next.set(row.business_registry_number, row);
    else next.delete(row.business_registry_number);
  }
  return next.size === current.size && [...next.keys()].every((key) => current.has(key)) ? current : next;
}

/** How many of `rows` are selected: all of them checks the page's box, some make it mixed. */
export function pageState(selected: ReadonlyMap<string, unknown>, rows: readonly TrashedBusiness[]) {
  const count = rows.filter((row) => selected.has(row.business_registry_number)).length;
  return { all: rows.length > 0 && count === rows.length, some: count > 0 };
}

export function useTrashSelection(): TrashSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, TrashedBusiness>>(() => new Map());

  const toggle = useCallback((row: TrashedBusiness) => {
    setSelected((current) => withRows(current, [row], !current.has(row.business_registry_number)));
  }, []);

  const setRows = useCallback((rows: readonly TrashedBusiness[], on: boolean) => {
    setSelected((current) => withRows(current, rows, on));
  }, []);

  const remove = useCallback((registries: readonly string[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const registry of registries) next.delete(registry);
      return next.size === current.size ? current : next;
    });
  }, []);

  const clear = useCallback(() => setSelected((current) => (current.size === 0 ? current : new Map())), []);

  return useMemo(
    () => ({
      selected,
      count: selected.size,
      has: (registry: string) => selected.has(registry),
      toggle,
      setRows,
      remove,
      clear,
    }),
    [selected, toggle, setRows, remove, clear],
  );
}
