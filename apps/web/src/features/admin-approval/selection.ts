// Bulk selection of admins (SPEC §5 "Bulk action", §9): at most 50 at once. A selection that would
// pass the limit is refused as a whole, with SPEC §8's message.
import { LIMITS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';

export interface SelectionChange<T> {
  next: ReadonlyMap<number, T>;
  /** SPEC's message when the change was refused; null when it was made. */
  refused: string | null;
}

/** Adds the items that are not selected yet, unless that would pass `max`. */
export function addToSelection<T>(
  selected: ReadonlyMap<number, T>,
  items: ReadonlyArray<readonly [number, T]>,
  max: number = LIMITS.bulkMaxAdmins,
): SelectionChange<T> {
  const added = items.filter(([id]) => !selected.has(id));
  if (selected.size + added.length > max) return { next: selected, refused: MSG.bulkMax };
  const next = new Map(selected);
  for (const [id, item] of added) next.set(id, item);
  return { next, refused: null };
}

export function removeFromSelection<T>(
  selected: ReadonlyMap<number, T>,
  ids: readonly number[],
): ReadonlyMap<number, T> {
  const next = new Map(selected);
  for (const id of ids) next.delete(id);
  return next;
}

/** Checking a box adds (within the limit); unchecking removes. */
export function toggleSelection<T>(
  selected: ReadonlyMap<number, T>,
  id: number,
  item: T,
  checked: boolean,
  max: number = LIMITS.bulkMaxAdmins,
): SelectionChange<T> {
  if (!checked) return { next: removeFromSelection(selected, [id]), refused: null };
  return addToSelection(selected, [[id, item]], max);
}

/** How many of the selected ids are not among the rows shown; none while no rows are known. */
export function hiddenFromView(
  selected: ReadonlyMap<number, unknown>,
  shown: readonly number[] | undefined,
): number {
  if (!shown) return 0;
  const inView = new Set(shown);
  let hidden = 0;
  for (const id of selected.keys()) if (!inView.has(id)) hidden += 1;
  return hidden;
}
