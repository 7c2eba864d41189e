// The selection's checkboxes in the directory's table and cards: one per row and a
// 'select the page' one in the header; `x` toggles the row that has the focus.
import { type RefObject, useCallback } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { KEYBOARD_ROW } from '../../../lib/use-row-keys.ts';
import { useShortcut } from '../../../lib/use-shortcut.ts';
import { SelectCheckbox } from '../../../ui/select-checkbox.tsx';
import { TableCell, TableHeaderCell } from '../../../ui/table.tsx';
import type { BulkSelection } from '../use-bulk-selection.ts';

export interface SelectionProps {
  selection?: BulkSelection;
}

interface RowCheckboxProps {
  selection: BulkSelection;
  rows: readonly BusinessRow[];
  index: number;
  /** Distinguishes the table's and the cards' ids when both are built. */
  idPrefix: string;
}

/** A row's checkbox; shift+click selects (or clears) the range from the last one clicked. */
export function RowCheckbox({ selection, rows, index, idPrefix }: RowCheckboxProps) {
  const row = rows[index]!;
  return (
    <SelectCheckbox
      id={`${idPrefix}-${row.business_registry_number}`}
      label={`Seleccionar ${row.business_name}`}
      checked={selection.selected.has(row.business_registry_number)}
      onChange={(_checked, range) => selection.toggle(rows, index, range)}
    />
  );
}

export function SelectRowCell(props: RowCheckboxProps) {
  return (
    <TableCell className="w-12 py-1.5 pr-0 pl-2 align-middle">
      <RowCheckbox {...props} />
    </TableCell>
  );
}

/** Checked when every row of the page is selected; mixed when some are. */
export function SelectPageHeader({
  selection,
  rows,
  idPrefix,
}: {
  selection: BulkSelection;
  rows: readonly BusinessRow[];
  idPrefix: string;
}) {
  const selected = rows.filter((row) => selection.selected.has(row.business_registry_number)).length;
  const all = rows.length > 0 && selected === rows.length;
  return (
    <TableHeaderCell className="w-12 py-0 pr-0 pl-2 align-middle">
      <SelectCheckbox
        id={`${idPrefix}-page`}
        label="Seleccionar los negocios de esta página"
        checked={all}
        indeterminate={selected > 0}
        onChange={() => selection.setRows(rows, !all)}
      />
    </TableHeaderCell>
  );
}

/** `x`: toggles the row of `container` that has the focus (j/k move it, use-row-keys.ts). */
export function useSelectFocusedRow(
  container: RefObject<HTMLElement | null>,
  rows: readonly BusinessRow[],
  selection: BulkSelection | undefined,
) {
  const select = useCallback(() => {
    const box = container.current;
    if (!box || !selection) return false;
    const marked = [...box.querySelectorAll<HTMLElement>(`[${KEYBOARD_ROW}]`)];
    const active = document.activeElement;
    const index = marked.findIndex((row) => row === active || row.contains(active));
    if (index === -1 || !rows[index]) return false;
    selection.toggle(rows, index, false);
    return true;
  }, [container, rows, selection]);
  useShortcut('x', select, { enabled: selection !== undefined });
}
