// 'Filas por página' of a list: 10, 25 or 50 on every list, and the list's own default (SPEC's 20
// for some) when it is not one of them.
import { useId } from 'react';
import { cn } from './cn.ts';
import { SelectInput } from './field.tsx';

export const LIST_PAGE_SIZES = [10, 25, 50] as const;

/** The sizes a list offers: LIST_PAGE_SIZES and its default, in order. */
export const pageSizesWith = (defaultSize: number): number[] =>
  [...new Set([...LIST_PAGE_SIZES, defaultSize])].sort((a, b) => a - b);

/** A page size read from the address: one the list offers, else its default. */
export function pageSizeFrom(value: string | null, sizes: readonly number[], defaultSize: number): number {
  const size = Number.parseInt(value ?? '', 10);
  return sizes.includes(size) ? size : defaultSize;
}

export function PageSizeSelect({
  value,
  sizes,
  onChange,
  className = 'flex items-center gap-2',
  labelClassName,
  selectClassName = 'w-24',
}: {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
  /** Replaces the label-beside-select row, e.g. to make the two cells of a caller's grid. */
  className?: string;
  /** Added to the label: its place in such a grid. */
  labelClassName?: string;
  /** Replaces the select's width (w-24): its place and width in such a grid. */
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <div className={cn(className, 'text-sm')}>
      <label htmlFor={id} className={cn('whitespace-nowrap text-slate-700', labelClassName)}>
        Filas por página
      </label>
      <div className={selectClassName}>
        <SelectInput id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectInput>
      </div>
    </div>
  );
}
