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
    // Phones: a grid, labels in one column and the selects in the other; from sm, one right-aligned row.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-sm sm:flex sm:flex-wrap sm:items-end sm:justify-end sm:gap-x-4">
      <div className="contents sm:flex sm:min-w-0 sm:flex-wrap sm:items-center sm:justify-end sm:gap-2">
        <label htmlFor={`${id}-by`} className="whitespace-nowrap text-slate-700">
          Ordenar por
        </label>
        <div className="sm:w-52">
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
          <div className="col-start-2 sm:w-40">
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
        value={view.pageSize}
        sizes={props.pageSizes}
        onChange={(pageSize) => onChange({ pageSize })}
      />
    </div>
  );
}
