import { LIMITS } from '@portal/contract/limits';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import { Controller, useFormContext } from 'react-hook-form';
import { CategoryCombobox } from '../../../ui/category-combobox.tsx';
import { describedBy, Field, TextArea, TextInput } from '../../../ui/field.tsx';
import { FormSection } from './form-section.tsx';

const DESCRIPTION_HINT = `Opcional, hasta ${LIMITS.text.description} caracteres.`;

export function BusinessSection() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<RegisterBusinessFormValues>();
  const e = errors;

  return (
    <FormSection
      id="register-business-section"
      title="Información del Negocio"
      description="Nombre, año de fundación y categoría del negocio."
    >
      <Field id="rb-name" label="Nombre del negocio" required error={e.business_name?.message}>
        <TextInput
          id="rb-name"
          autoComplete="organization"
          maxLength={LIMITS.text.name}
          aria-invalid={e.business_name ? true : undefined}
          aria-describedby={describedBy('rb-name', e.business_name?.message)}
          {...register('business_name')}
        />
      </Field>
      <Field id="rb-year" label="Año de fundación" required error={e.business_year?.message}>
        <TextInput
          id="rb-year"
          inputMode="numeric"
          placeholder="AAAA"
          maxLength={4}
          aria-invalid={e.business_year ? true : undefined}
          aria-describedby={describedBy('rb-year', e.business_year?.message)}
          {...register('business_year')}
        />
      </Field>
      <Field
        id="rb-category"
        label="Categoría"
        required
        error={e.business_category?.message}
        className="md:col-span-2"
      >
        <Controller
          control={control}
          name="business_category"
          render={({ field }) => (
            // The combobox takes no ref: hand RHF its input so a failed submit can focus it.
            <div ref={(box) => field.ref(box?.querySelector('input') ?? null)}>
              <CategoryCombobox
                id="rb-category"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(e.business_category)}
                describedBy={describedBy('rb-category', e.business_category?.message)}
              />
            </div>
          )}
        />
      </Field>
      <Field
        id="rb-description"
        label="Descripción"
        hint={DESCRIPTION_HINT}
        error={e.business_description?.message}
        className="md:col-span-2"
      >
        <TextArea
          id="rb-description"
          rows={3}
          maxLength={LIMITS.text.description}
          aria-invalid={e.business_description ? true : undefined}
          aria-describedby={describedBy('rb-description', e.business_description?.message, DESCRIPTION_HINT)}
          {...register('business_description')}
        />
      </Field>
    </FormSection>
  );
}
