import { SearchInput } from '../../../ui/search-input.tsx';

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
      <SearchInput
        id="registration-search"
        value={value}
        onValueChange={onChange}
        placeholder="Nombre, correo, usuario maestro o IP"
      />
    </div>
  );
}
