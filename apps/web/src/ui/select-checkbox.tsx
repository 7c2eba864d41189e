import { useEffect, useRef } from 'react';
import { cn } from './cn.ts';

interface SelectCheckboxProps {
  id: string;
  /** The accessible name; shown only when `showLabel`. */
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  /** `range`: shift was held (a click on a list's row checkbox selects the range up to it). */
  onChange: (checked: boolean, range: boolean) => void;
  showLabel?: boolean;
}

/** A native checkbox inside a 40 px target (DESIGN §9), with its label. */
export function SelectCheckbox({
  id,
  label,
  checked,
  indeterminate,
  onChange,
  showLabel,
}: SelectCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate) && !checked;
  }, [indeterminate, checked]);
  return (
    <label
      htmlFor={id}
      className={cn(
        'inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-2 rounded-md',
        showLabel && 'pr-2 text-sm font-medium text-slate-700',
      )}
    >
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) =>
          onChange(event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)
        }
        className="size-4 cursor-pointer rounded border-slate-300 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </label>
  );
}
