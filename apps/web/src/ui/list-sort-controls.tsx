import { useId } from 'react';
import { SelectInput } from './field.tsx';

export type SortOrder = 'asc' | 'desc';

export interface ListSortControlsProps<F extends string> {
  fields: { value: F; label: string }[];
  sortBy: F;
  sortOrder: SortOrder;
  pageSize: number;
  pageSizes: readonly number[];
  /** Picking a field also picks its usual order (the caller decides which). */
  onSortBy: (field: F) => void;
  onSortOrder: (order: SortOrder) => void;
  onPageSize: (size: number) => void;
  className?: string;
}

const ORDERS: { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascendente' },
  { value: 'desc', label: 'Descendente' },
];

/** 'Ordenar por', its direction and 'Filas por página' of a list (issue #24), as native selects. */
export function ListSortControls<F extends string>(props: ListSortControlsProps<F>) {
  const id = useId();
  return (
    <div className={`flex flex-wrap items-end gap-x-4 gap-y-2 text-sm ${props.className ?? ''}`}>
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
        <label htmlFor={`${id}-by`} className="whitespace-nowrap text-slate-700">
          Ordenar por
        </label>
        <div className="w-44">
          <SelectInput
            id={`${id}-by`}
            value={props.sortBy}
            onChange={(event) => props.onSortBy(event.target.value as F)}
            options={props.fields}
          />
        </div>
        <div className="w-40">
          <SelectInput
            aria-label="Sentido del orden"
            value={props.sortOrder}
            onChange={(event) => props.onSortOrder(event.target.value as SortOrder)}
            options={ORDERS}
          />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-size`} className="whitespace-nowrap text-slate-700">
          Filas por página
        </label>
        <div className="w-24">
          <SelectInput
            id={`${id}-size`}
            value={String(props.pageSize)}
            onChange={(event) => props.onPageSize(Number(event.target.value))}
          >
            {props.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
    </div>
  );
}
