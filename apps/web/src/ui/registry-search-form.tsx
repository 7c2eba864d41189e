import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from './button.tsx';
import { describedBy, Field, TextInput } from './field.tsx';

export const REGISTRY_REQUIRED_MESSAGE = 'Ingrese un número de registro';

interface RegistrySearchFormProps {
  /** Called with the trimmed, upper-cased registry number. */
  onSearch: (registry: string) => void;
  initialValue?: string;
  loading?: boolean;
  label?: string;
}

/** The registry-number search of the content, access and subscription screens (SPEC §5: a non-empty
 * trimmed registry number). Enter or 'Buscar' runs it. */
export function RegistrySearchForm({
  onSearch,
  initialValue = '',
  loading,
  label = 'Número de registro',
}: RegistrySearchFormProps) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const registry = value.trim().toUpperCase();
    if (registry === '') {
      setError(REGISTRY_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    onSearch(registry);
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field id={id} label={label} error={error} className="flex-1">
          <TextInput
            id={id}
            value={value}
            placeholder="REG123456"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
            onChange={(event) => setValue(event.target.value)}
          />
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
