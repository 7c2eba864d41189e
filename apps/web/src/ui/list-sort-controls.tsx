import { useId } from 'react';
import { SelectInput } from './field.tsx';
import { PageSizeSelect } from './page-size-select.tsx';

export type SortOrder = 'asc' | 'desc';

export interface SortView<F extends string> {
  sortBy: F;
  sortOrder: SortOrder;
  pageSize: number;
}

export interface ListSortControlsProps<F extends string> {
  fields: { value: F; label: string }[];
  pageSizes: readonly number[];
  view: SortView<F>;
  /** Each field's usual order: picking a field also picks it (without it, the caller decides). */
  defaultOrder?: Record<F, SortOrder>;
  /** One choice at a time: { sortBy, sortOrder }, { sortOrder } or { pageSize }. */
  onChange: (changes: Partial<SortView<F>>) => void;
  /** Fields without a direction of their own (a search's relevance): no 'Sentido del orden' for them. */
  orderless?: readonly F[];
}

const ORDERS: { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascendente' },
  { value: 'desc', label: 'Descendente' },
];

/** 'Ordenar por', its direction and 'Filas por página' of a list, as native selects. */
export function ListSortControls<F extends string>(props: ListSortControlsProps<F>) {
  const id = useId();
  const { view, onChange } = props;
  return (
    // Phones: a grid, each label above its select. 'Ordenar por' and its direction in the first column,
    // one above the other and as wide; 'Filas por página' beside them in the second, as wide as its
    // label. From sm, one right-aligned row (grid places mean nothing to flex items there).
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3 gap-y-1.5 text-sm sm:flex sm:flex-wrap sm:items-end sm:justify-end sm:gap-x-4">
      <div className="contents sm:flex sm:min-w-0 sm:flex-wrap sm:items-center sm:justify-end sm:gap-2">
        <label htmlFor={`${id}-by`} className="col-start-1 row-start-1 whitespace-nowrap text-slate-700">
          Ordenar por
        </label>
        <div className="col-start-1 row-start-2 sm:w-52">
          <SelectInput
            id={`${id}-by`}
            value={view.sortBy}
            onChange={(event) => {
              const sortBy = event.target.value as F;
              onChange({ sortBy, ...(props.defaultOrder ? { sortOrder: props.defaultOrder[sortBy] } : {}) });
            }}
            options={props.fields}
          />
        </div>
        {props.orderless?.includes(view.sortBy) ? null : (
          <div className="col-start-1 row-start-3 mt-0.5 sm:mt-0 sm:w-40">
            <SelectInput
              aria-label="Sentido del orden"
              value={view.sortOrder}
              onChange={(event) => onChange({ sortOrder: event.target.value as SortOrder })}
              options={ORDERS}
            />
          </div>
        )}
      </div>
      <PageSizeSelect
        className="contents sm:flex sm:items-center sm:gap-2"
        labelClassName="col-start-2 row-start-1"
        selectClassName="col-start-2 row-start-2 sm:w-24"
        value={view.pageSize}
        sizes={props.pageSizes}
        onChange={(pageSize) => onChange({ pageSize })}
      />
    </div>
  );
}
