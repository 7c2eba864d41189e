import { ESTABLISHMENT_TYPES } from '@portal/contract/enums';
import { LIMITS, PUERTO_RICO_DEFAULT_LOCATION } from '@portal/contract/limits';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import { useFormContext } from 'react-hook-form';
import { establishmentLabel } from '../../../lib/establishment-label.ts';
import { describedBy, Field, SelectInput, TextInput } from '../../../ui/field.tsx';
import type { ExactLocationState } from '../hooks/use-exact-location.ts';
import { ExactLocationCheckbox } from './exact-location-checkbox.tsx';
import { FormSection } from './form-section.tsx';

type TextName = 'location_address_1' | 'location_address_2' | 'location_city' | 'location_zip';

const TEXT_FIELDS: {
  name: TextName;
  id: string;
  label: string;
  max: number;
  required: boolean;
  auto: string;
}[] = [
  {
    name: 'location_address_1',
    id: 'rb-address-1',
    label: 'Dirección',
    max: LIMITS.text.address,
    required: true,
    auto: 'address-line1',
  },
  {
    name: 'location_address_2',
    id: 'rb-address-2',
    label: 'Dirección secundaria',
    max: LIMITS.text.address,
    required: false,
    auto: 'address-line2',
  },
  {
    name: 'location_city',
    id: 'rb-city',
    label: 'Ciudad',
    max: LIMITS.text.city,
    required: true,
    auto: 'address-level2',
  },
  {
    name: 'location_zip',
    id: 'rb-zip',
    label: 'Código postal',
    max: LIMITS.text.zip,
    required: true,
    auto: 'postal-code',
  },
];

interface LocationSectionProps {
  exactLocation: ExactLocationState;
  onExactLocationChange: (checked: boolean) => void;
}

export function LocationSection({ exactLocation, onExactLocationChange }: LocationSectionProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterBusinessFormValues>();
  const typeError = errors.location_scenery_type?.message;

  return (
    <FormSection
      id="register-location-section"
      title="Información de Ubicación"
      description="Dirección del local principal del negocio."
    >
      {TEXT_FIELDS.map(({ name, id, label, max, required, auto }) => {
        const error = errors[name]?.message;
        const hint = required ? undefined : 'Opcional';
        return (
          <Field key={name} id={id} label={label} required={required} hint={hint} error={error}>
            <TextInput
              id={id}
              autoComplete={auto}
              maxLength={max}
              inputMode={name === 'location_zip' ? 'numeric' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, error, hint)}
              {...register(name)}
            />
          </Field>
        );
      })}
      <Field id="rb-establishment" label="Tipo de establecimiento" required error={typeError}>
        <SelectInput
          id="rb-establishment"
          aria-invalid={typeError ? true : undefined}
          aria-describedby={describedBy('rb-establishment', typeError)}
          {...register('location_scenery_type')}
        >
          <option value="">Seleccione un tipo</option>
          {ESTABLISHMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {establishmentLabel(type)}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field id="rb-country" label="País">
        <TextInput id="rb-country" value={PUERTO_RICO_DEFAULT_LOCATION.location_country} readOnly disabled />
      </Field>
      <ExactLocationCheckbox state={exactLocation} onCheckedChange={onExactLocationChange} />
    </FormSection>
  );
}
