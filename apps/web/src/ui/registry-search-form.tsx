import { LIMITS } from '@portal/contract/limits';
import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { BusinessRow } from '../api/business-data-api.ts';
import { useBusinessSearch } from '../lib/use-business-search.ts';
import { BusinessOptionText } from './business-option.tsx';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { describedBy, Field, TextInput } from './field.tsx';

export const REGISTRY_REQUIRED_MESSAGE = 'Ingrese un número de registro';
export const TOO_SHORT_MESSAGE = `Escriba el número de registro completo, o al menos ${LIMITS.searchMinLength} caracteres del nombre, email o teléfono`;
export const PICK_ONE_MESSAGE = 'Varios negocios coinciden: elija uno de la lista';
export const noMatchMessage = (text: string) => `Ningún negocio coincide con "${text}"`;
export const SEARCH_FAILED_MESSAGE = 'No se pudo buscar negocios. Inténtelo de nuevo.';

/** A whole registry number ('REG000191', any case): opened at once, without waiting for suggestions. */
const WHOLE_REGISTRY = /^REG\d{6,}$/;
const SUGGESTIONS = 8;

interface RegistrySearchFormProps {
  /** Called with the registry number of the business to open (trimmed, upper-cased). */
  onSearch: (registry: string) => void;
  /**
   * Called when a search ends without a business to open (nothing typed, too short, no match, the
   * search failed): the screen stops showing the previous one, which the field's text no longer names.
   */
  onClear?: () => void;
  initialValue?: string;
  loading?: boolean;
  label?: string;
}

/**
 * The business lookup of the content, access and subscription screens: a combobox over the
 * directory's search (the palette's: name, registry number whole or in part, email or phone) with
 * suggestions to pick (↑ ↓ Enter, Esc closes them). A whole registry number opens at once; other
 * text opens its only match, or asks to pick one of its matches.
 */
export function RegistrySearchForm({
  onSearch,
  onClear,
  initialValue = '',
  loading,
  label = 'Número de registro, nombre, email o teléfono',
}: RegistrySearchFormProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  // Suggestions are shown once the person types, not for the value a screen opened with.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Enter on a name before its matches came: decided when they come.
  const [deciding, setDeciding] = useState(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typed = value.trim();
  const search = useBusinessSearch(open || deciding ? typed : '', SUGGESTIONS);
  const options = open ? search.businesses : [];
  const expanded = options.length > 0;

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  /** The search's message under the field; the business shown before goes. */
  const fail = (message: string) => {
    setError(message);
    onClear?.();
  };

  const pick = (business: BusinessRow) => {
    setValue(business.business_registry_number);
    setOpen(false);
    setDeciding(false);
    setActive(-1);
    setError(null);
    setHint(null);
    onSearch(business.business_registry_number);
  };

  /** Text that is not a whole registry number, once its matches are known. */
  const decide = (matches: BusinessRow[]) => {
    setDeciding(false);
    if (matches.length === 1 && matches[0]) pick(matches[0]);
    else if (matches.length === 0) fail(noMatchMessage(typed));
    else {
      setOpen(true);
      setActive(0);
      setHint(PICK_ONE_MESSAGE);
    }
  };

  useEffect(() => {
    if (!deciding) return;
    if (search.failed) {
      setDeciding(false);
      fail(SEARCH_FAILED_MESSAGE);
    } else if (search.searched) decide(search.businesses);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options[active];
    if (open && option) {
      pick(option);
      return;
    }
    const registry = typed.toUpperCase();
    if (registry === '') {
      fail(REGISTRY_REQUIRED_MESSAGE);
      return;
    }
    if (WHOLE_REGISTRY.test(registry)) {
      setValue(registry);
      setOpen(false);
      setDeciding(false);
      setError(null);
      setHint(null);
      onSearch(registry);
      return;
    }
    if (typed.length < LIMITS.searchMinLength) {
      fail(TOO_SHORT_MESSAGE);
      return;
    }
    setError(null);
    if (search.searched && open) decide(search.businesses);
    else setDeciding(true);
  };

  const move = (step: 1 | -1) => {
    if (!expanded) {
      setOpen(true);
      return;
    }
    setActive((index) => {
      const next = index === -1 && step === -1 ? options.length - 1 : index + step;
      const bounded = Math.max(0, Math.min(options.length - 1, next));
      document.getElementById(`${listId}-${bounded}`)?.scrollIntoView({ block: 'nearest' });
      return bounded;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the suggestions only (not a dialog around the box); the text stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  // Nothing while the field's message is shown: 'Sin resultados' over 'Ningún negocio coincide con
  // "abc"' said the same thing twice.
  const status =
    error || (!open && !deciding)
      ? ''
      : search.waiting
        ? 'Buscando...'
        : search.failed
          ? SEARCH_FAILED_MESSAGE
          : search.searched
            ? search.businesses.length === 0
              ? 'Sin resultados'
              : `${search.businesses.length} ${search.businesses.length === 1 ? 'sugerencia' : 'sugerencias'}`
            : '';

  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field id={id} label={label} error={error} hint={hint} className="relative flex-1">
          <TextInput
            id={id}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            value={value}
            placeholder="REG123456"
            maxLength={LIMITS.text.name}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, hint)}
            onChange={(event) => {
              setValue(event.target.value);
              setOpen(true);
              setDeciding(false);
              setActive(-1);
              setError(null);
              setHint(null);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => clearTimeout(blurTimer.current)}
            onBlur={() => {
              // Let a click on a suggestion land first.
              blurTimer.current = setTimeout(() => {
                setOpen(false);
                setActive(-1);
              }, 150);
            }}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Negocios sugeridos"
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((business, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
              <div
                key={business.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2',
                  index === active ? 'bg-blue-50' : 'hover:bg-slate-50',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(business)}
              >
                <BusinessOptionText business={business} />
              </div>
            ))}
          </div>
          <p role="status" className="text-xs text-slate-500 empty:hidden">
            {status}
          </p>
        </Field>
        <Button
          type="submit"
          loading={loading}
          className="sm:mt-7"
          icon={<Search className="size-4" aria-hidden="true" />}
        >
          Buscar
        </Button>
      </div>
    </form>
  );
}
