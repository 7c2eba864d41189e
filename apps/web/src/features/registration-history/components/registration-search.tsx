import { Search, X } from 'lucide-react';
import { cn, focusRing } from '../../../ui/cn.ts';
import { TextInput } from '../../../ui/field.tsx';

interface RegistrationSearchProps {
  value: string;
  onChange: (value: string) => void;
}

/** Filters the loaded history as the person types (SPEC §5: client-side). */
export function RegistrationSearch({ value, onChange }: RegistrationSearchProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor="registration-search" className="block text-sm font-medium text-slate-800">
        Buscar registros
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <TextInput
          id="registration-search"
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Nombre, correo, usuario maestro o IP"
          autoComplete="off"
          spellCheck={false}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {value ? (
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label="Limpiar búsqueda"
            className={cn(
              'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-700',
              focusRing,
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
