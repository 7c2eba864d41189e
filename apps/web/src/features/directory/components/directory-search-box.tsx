import { LIMITS, TIMING } from '@portal/contract/limits';
import { useEffect, useId, useRef, useState } from 'react';
import { SearchInput } from '../../../ui/search-input.tsx';

interface DirectorySearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called 500 ms after typing stops (SPEC §9), or at once on Enter or clear. */
  onSearch: (search: string) => void;
  /**
   * Into the result rows: ↓ (at once, or once the search just sent has answered) and Enter on a
   * search already sent ('now' moves only if its results are on screen).
   */
  onToRows?: (search: string, when: 'now' | 'when-shown') => void;
}

/** The debounced search box. Its text follows the URL when the URL changes from outside (Back). */
export function DirectorySearchBox({ value, onSearch, onToRows }: DirectorySearchBoxProps) {
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
      <SearchInput
        id={id}
        value={text}
        maxLength={LIMITS.text.name}
        placeholder="Buscar por nombre, email o teléfono"
        // The '/' shortcut focuses this box (app/command-palette).
        data-directory-search=""
        aria-describedby={tooShort ? `${id}-hint` : undefined}
        onValueChange={change}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            if (text.trim() === committed.current) onToRows?.(committed.current, 'now');
            else commit(text);
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            commit(text);
            onToRows?.(text.trim(), 'when-shown');
          } else if (event.key === 'Escape') {
            // Leave the box, keep the search (a search field's Escape would empty it).
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
        onClear={() => {
          setText('');
          commit('');
        }}
      />
      {tooShort ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          Escriba al menos {LIMITS.searchMinLength} caracteres para buscar.
        </p>
      ) : null}
    </div>
  );
}
