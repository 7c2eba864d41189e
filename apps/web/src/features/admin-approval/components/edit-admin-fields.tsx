import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminAccount } from '@portal/contract/admin-registration';
import { ADMIN_FORM_MESSAGES } from '@portal/contract/admin-registration-form';
import { LIMITS } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import { useForm } from 'react-hook-form';
import type { AdminUpdate } from '../../../api/admin-accounts-api.ts';
import { Banner } from '../../../ui/banner.tsx';
import { describedBy, Field, SelectInput, TextInput } from '../../../ui/field.tsx';
import { STATUS_FILTER_OPTIONS } from '../admin-status.ts';
import { type EditAdminValues, editAdminSchema, editValuesOf, toAdminUpdate } from '../edit-admin-form.ts';

import { EDIT_ADMIN_FORM_ID } from './edit-admin-shared.ts';

const ID = {
  first_name: 'edit-admin-first-name',
  last_name: 'edit-admin-last-name',
  email: 'edit-admin-email',
  phone: 'edit-admin-phone',
  status: 'edit-admin-status',
} as const;

interface EditAdminFieldsProps {
  admin: AdminAccount;
  failure: string | null;
  onSubmit: (update: AdminUpdate, onEmailTaken: () => void) => void;
}

/** SPEC §5 "Edit admin": the fields, their checks, and the email-taken message on the email field. */
export function EditAdminFields({ admin, failure, onSubmit }: EditAdminFieldsProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<EditAdminValues>({
    defaultValues: editValuesOf(admin),
    resolver: zodResolver(editAdminSchema, undefined, { raw: true }),
  });

  const submit = handleSubmit((values) =>
    onSubmit(toAdminUpdate(values), () => {
      setError('email', { type: 'server', message: ADMIN_FORM_MESSAGES.emailTaken });
      setFocus('email');
    }),
  );

  const text = (field: Exclude<keyof EditAdminValues, 'status' | 'phone'>, label: string, type = 'text') => (
    <Field id={ID[field]} label={label} error={errors[field]?.message} required>
      <TextInput
        id={ID[field]}
        type={type}
        autoComplete="off"
        maxLength={field === 'email' ? LIMITS.text.email : LIMITS.text.name}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(ID[field], errors[field]?.message)}
        {...register(field)}
      />
    </Field>
  );

  return (
    <form id={EDIT_ADMIN_FORM_ID} noValidate onSubmit={submit} className="space-y-4">
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('first_name', 'Nombre')}
        {text('last_name', 'Apellido')}
      </div>
      {text('email', 'Correo electrónico', 'email')}
      <Field id={ID.phone} label="Teléfono (opcional)" error={errors.phone?.message}>
        <TextInput
          id={ID.phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(787) 555-0102"
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy(ID.phone, errors.phone?.message)}
          {...register('phone', {
            onChange: (event) => {
              event.target.value = formatPhone(event.target.value);
            },
          })}
        />
      </Field>
      <Field id={ID.status} label="Estado" error={errors.status?.message} required>
        <SelectInput
          id={ID.status}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={describedBy(ID.status, errors.status?.message)}
          {...register('status')}
          options={STATUS_FILTER_OPTIONS.filter((option) => option.value !== 'all')}
        />
      </Field>
    </form>
  );
}
