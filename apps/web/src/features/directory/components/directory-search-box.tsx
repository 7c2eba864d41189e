import { LIMITS, TIMING } from '@portal/contract/limits';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn, focusRing } from '../../../ui/cn.ts';
import { controlClass } from '../../../ui/field.tsx';

interface DirectorySearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called 500 ms after typing stops (SPEC §9), or at once on Enter or clear. */
  onSearch: (search: string) => void;
}

/** The debounced search box. Its text follows the URL when the URL changes from outside (Back). */
export function DirectorySearchBox({ value, onSearch }: DirectorySearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(timer.current);
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const search = next.trim();
    if (search === committed.current) return;
    committed.current = search;
    onSearch(search);
  };

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), TIMING.searchDebounceMs);
  };

  const tooShort = text.trim().length > 0 && text.trim().length < LIMITS.searchMinLength;

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Buscar negocios por nombre, propietario, email o teléfono
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={LIMITS.text.name}
          autoComplete="off"
          spellCheck={false}
          placeholder="Buscar por nombre, email o teléfono"
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          className={cn(controlClass, 'h-10 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden')}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(text);
          }}
        />
        {text ? (
          <button
            type="button"
            aria-label="Limpiar búsqueda"
            className={cn(
              'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-400 hover:text-slate-700',
              focusRing,
            )}
            onClick={() => {
              setText('');
              commit('');
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {tooShort ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          Escriba al menos {LIMITS.searchMinLength} caracteres para buscar.
        </p>
      ) : null}
    </div>
  );
}
