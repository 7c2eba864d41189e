import { Search, X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn, focusRing } from './cn.ts';
import { TextInput } from './field.tsx';

interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  /** 'Limpiar búsqueda': defaults to emptying the value. */
  onClear?: () => void;
}

/** A search box with its icon and a clear button (the directory, the admin list, the histories). */
export function SearchInput({ value, onValueChange, onClear, className, ...props }: SearchInputProps) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <TextInput
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn('pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden', className)}
        {...props}
      />
      {value ? (
        <button
          type="button"
          aria-label="Limpiar búsqueda"
          onClick={onClear ?? (() => onValueChange(''))}
          className={cn(
            'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-700',
            focusRing,
          )}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
