import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { cn } from './cn.ts';
import { controlClass } from './field.tsx';

export const NO_CATEGORIES_MESSAGE = 'No se encontraron categorías';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Categories whose name contains the typed text, accents and case ignored: those it starts first,
 * then those with a word it starts ('Rest' finds 'Restaurantes' before 'Prestamistas'), each in the
 * catalog's order.
 */
export function filterCategories(query: string, categories: readonly string[] = BUSINESS_CATEGORIES) {
  const needle = fold(query.trim());
  if (needle === '') return [...categories];
  const words = (text: string) => ` ${text.replace(/[^a-z0-9]+/g, ' ')}`;
  const rank = (name: string) => {
    if (name.startsWith(needle)) return 0;
    return words(name).includes(words(needle)) ? 1 : 2;
  };
  return categories
    .map((category) => ({ category, name: fold(category) }))
    .filter(({ name }) => name.includes(needle))
    .map(({ category, name }) => ({ category, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ category }) => category);
}

/** The category the typed text names exactly, accents and case ignored; undefined when none does. */
export function exactCategory(typed: string, categories: readonly string[] = BUSINESS_CATEGORIES) {
  const needle = fold(typed.trim());
  return needle === '' ? undefined : categories.find((category) => fold(category) === needle);
}

interface CategoryComboboxProps {
  id: string;
  value: string;
  onChange: (category: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  onBlur?: () => void;
  /** Its form is being saved: it keeps the focus (not disabled) but takes no typing or choice. */
  readOnly?: boolean;
  /**
   * The list pushes what follows down instead of floating over it: in a dialog, whose scrolling body
   * would cut a floating list off (it showed a few pixels of it above the footer).
   */
  listInFlow?: boolean;
}

/** A filterable pick from the catalog in `contract` (ARIA combobox with a listbox). */
export function CategoryCombobox({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  placeholder = 'Escriba para filtrar categorías',
  onBlur,
  readOnly = false,
  listInFlow = false,
}: CategoryComboboxProps) {
  const place = listInFlow ? 'relative' : 'absolute z-20';
  const listId = useId();
  const [query, setQuery] = useState(value);
  const [listOpen, setOpen] = useState(false);
  const open = listOpen && !readOnly;
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = useMemo(() => filterCategories(open ? query : ''), [open, query]);
  const shown = options.slice(0, 100);
  // With no match there is no listbox (a listbox must hold options): the message shows in the
  // status region below instead, which screen readers announce, and the combobox reads as collapsed.
  const listShown = open && shown.length > 0;
  const noMatch = open && shown.length === 0;

  // Opened by the focus or a click, no option is active until a key or the text picks one: an
  // Enter meant for the form must not choose the first category.
  const openList = () => {
    if (readOnly) return;
    if (!open) setActive(-1);
    setOpen(true);
  };

  const choose = (category: string) => {
    onChange(category);
    setQuery(category);
    setOpen(false);
  };

  const move = (delta: number) => {
    setOpen(true);
    setActive((index) => {
      const next = Math.max(0, Math.min(shown.length - 1, index + delta));
      listRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
      return next;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const named = shown[active] ?? exactCategory(query);
      if (named !== undefined) choose(named);
      else setOpen(false);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setQuery(value);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        readOnly={readOnly}
        className={cn(controlClass, 'h-10 pr-9 read-only:bg-slate-100')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange('');
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          openList();
        }}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          const typed = event.currentTarget.value;
          // Let a click on an option land first.
          blurTimer.current = setTimeout(() => {
            setOpen(false);
            // A category typed out in full (and left with Tab) is chosen, as the field shows it;
            // any other text gives way to the category chosen before.
            const named = exactCategory(typed);
            if (named !== undefined && named !== value) onChange(named);
            setQuery(named ?? value);
            onBlur?.();
          }, 150);
        }}
      />
      <ChevronsUpDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
      />
      {listShown ? (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Categorías"
          // Out of the Tab order: Chrome makes a scrolling box a tab stop, and this one goes away
          // 150 ms after the input loses the focus, taking the focus with it.
          tabIndex={-1}
          className={cn(
            place,
            'mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg',
          )}
        >
          {shown.map((category, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant); a native <option> cannot be styled
            <div
              key={category}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={category === value}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-2 px-3 py-2',
                index === active ? 'bg-blue-50 text-blue-900' : 'text-slate-800',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(category)}
            >
              {category}
              {category === value ? <Check className="size-4 text-blue-600" aria-hidden="true" /> : null}
            </div>
          ))}
        </div>
      ) : null}
      {/* Always in the page, so that the message put into it is announced. */}
      <div
        role="status"
        className={cn(
          noMatch &&
            `${place} mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg`,
        )}
      >
        {noMatch ? NO_CATEGORIES_MESSAGE : null}
      </div>
    </div>
  );
}
