// The fields of 'Editar datos': 'Registrar Negocio''s inputs and Spanish rules
// (contract edit-business-form.ts), a phone taken by another business shown on its field. While the
// form is saved they are read-only, not disabled: Chromium would drop the focus of the field where
// Enter was pressed to the page.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EditBusinessFormValues,
  editBusinessFormSchema,
  editFormValuesOf,
} from '@portal/contract/edit-business-form';
import { currentYear, LIMITS } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import { REGISTER_FORM_MESSAGES } from '@portal/contract/register-business-form';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { filterNameInput } from '../../../lib/name-input.ts';
import { CategoryCombobox } from '../../category-combobox.tsx';
import { describedBy, Field, TextArea, TextInput } from '../../field.tsx';

const ID = {
  business_name: 'eb-name',
  business_owner: 'eb-owner',
  business_phone: 'eb-phone',
  business_category: 'eb-category',
  business_year: 'eb-year',
  business_address: 'eb-address',
  business_description: 'eb-description',
} as const;

const DESCRIPTION_HINT = `Opcional, hasta ${LIMITS.text.description} caracteres.`;

interface EditBusinessFieldsProps {
  business: BusinessRow;
  /** The form's id, which the modal's submit button names. */
  formId: string;
  /** Being saved: the fields take no typing, and the form is not sent again. */
  busy: boolean;
  /** Set when the server answered that another business has this phone. */
  phoneTaken: boolean;
  /** A field that takes the focus when the form appears (after 'Recargar' of a conflict). */
  focusField?: keyof typeof ID;
  onSubmit: (values: EditBusinessFormValues) => void;
}

export function EditBusinessFields({
  business,
  formId,
  busy,
  phoneTaken,
  focusField,
  onSubmit,
}: EditBusinessFieldsProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<EditBusinessFormValues>({
    defaultValues: { ...editFormValuesOf(business), business_phone: formatPhone(business.business_phone) },
    resolver: zodResolver(editBusinessFormSchema(currentYear(), business), undefined, { raw: true }),
  });
  const e = errors;

  // Only when the form first appears: the field is the one the person is sent back to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (focusField) setFocus(focusField);
  }, []);

  useEffect(() => {
    if (!phoneTaken) return;
    setError('business_phone', { type: 'server', message: REGISTER_FORM_MESSAGES.phoneTaken });
    setFocus('business_phone');
  }, [phoneTaken, setError, setFocus]);

  const controlProps = (field: keyof typeof ID, hint?: string) => ({
    'aria-invalid': e[field] ? true : undefined,
    'aria-describedby': describedBy(ID[field], e[field]?.message, hint),
    readOnly: busy,
    className: 'read-only:bg-slate-100',
  });

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void handleSubmit(onSubmit)(event);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field
        id={ID.business_name}
        label="Nombre del negocio"
        required
        error={e.business_name?.message}
        className="sm:col-span-2"
      >
        <TextInput
          id={ID.business_name}
          autoComplete="organization"
          maxLength={LIMITS.text.name}
          {...controlProps('business_name')}
          {...register('business_name')}
        />
      </Field>
      <Field id={ID.business_owner} label="Propietario" required error={e.business_owner?.message}>
        <TextInput
          id={ID.business_owner}
          autoComplete="name"
          maxLength={LIMITS.text.owner}
          {...controlProps('business_owner')}
          {...register('business_owner', {
            onChange: (event) => {
              event.target.value = filterNameInput(event.target.value);
            },
          })}
        />
      </Field>
      <Field id={ID.business_phone} label="Teléfono" required error={e.business_phone?.message}>
        <TextInput
          id={ID.business_phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(787) 555-0102"
          {...controlProps('business_phone')}
          {...register('business_phone', {
            onChange: (event) => {
              event.target.value = formatPhone(event.target.value);
            },
          })}
        />
      </Field>
      <Field id={ID.business_category} label="Categoría" required error={e.business_category?.message}>
        <Controller
          control={control}
          name="business_category"
          render={({ field }) => (
            // The combobox takes no ref: hand RHF its input so a failed submit can focus it.
            <div ref={(box) => field.ref(box?.querySelector('input') ?? null)}>
              <CategoryCombobox
                listInFlow
                id={ID.business_category}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(e.business_category)}
                describedBy={describedBy(ID.business_category, e.business_category?.message)}
                readOnly={busy}
              />
            </div>
          )}
        />
      </Field>
      <Field id={ID.business_year} label="Año de fundación" error={e.business_year?.message}>
        <TextInput
          id={ID.business_year}
          inputMode="numeric"
          placeholder="AAAA"
          maxLength={4}
          {...controlProps('business_year')}
          {...register('business_year')}
        />
      </Field>
      <Field
        id={ID.business_address}
        label="Dirección"
        error={e.business_address?.message}
        className="sm:col-span-2"
      >
        <TextInput
          id={ID.business_address}
          autoComplete="street-address"
          maxLength={LIMITS.text.address}
          {...controlProps('business_address')}
          {...register('business_address')}
        />
      </Field>
      <Field
        id={ID.business_description}
        label="Descripción"
        hint={DESCRIPTION_HINT}
        error={e.business_description?.message}
        className="sm:col-span-2"
      >
        <TextArea
          id={ID.business_description}
          rows={3}
          maxLength={LIMITS.text.description}
          {...controlProps('business_description', DESCRIPTION_HINT)}
          {...register('business_description')}
        />
      </Field>
    </form>
  );
}
