import { LIMITS } from '@portal/contract/limits';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import { Controller, useFormContext } from 'react-hook-form';
import { filterNameInput } from '../../../lib/name-input.ts';
import { describedBy, Field, TextInput } from '../../../ui/field.tsx';
import { FormSection } from './form-section.tsx';

const NAME_FIELDS = [
  { name: 'owner_first_name', id: 'rb-first-name', label: 'Nombre', autoComplete: 'given-name' },
  { name: 'owner_last_name', id: 'rb-last-name', label: 'Apellido', autoComplete: 'family-name' },
] as const;

export function OwnerSection() {
  const {
    control,
    formState: { errors },
  } = useFormContext<RegisterBusinessFormValues>();

  return (
    <FormSection
      id="register-owner-section"
      title="Información del Propietario"
      description="Solo letras (con acentos, ñ y ü) y espacios."
    >
      {NAME_FIELDS.map(({ name, id, label, autoComplete }) => {
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={label} required error={error}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <TextInput
                  id={id}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  autoComplete={autoComplete}
                  maxLength={LIMITS.text.owner}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, error)}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(filterNameInput(event.target.value))}
                />
              )}
            />
          </Field>
        );
      })}
    </FormSection>
  );
}
