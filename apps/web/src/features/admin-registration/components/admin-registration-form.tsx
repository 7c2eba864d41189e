import { LIMITS } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import { Eraser, UserPlus } from 'lucide-react';
import type { ChangeEvent } from 'react';
import type { CreateAdminAnswer } from '../../../api/admin-registration-api.ts';
import { filterNameInput } from '../../../lib/name-input.ts';
import { PASSWORD_HINT } from '../../../lib/password-rules.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { describedBy, Field, TextInput } from '../../../ui/field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { ConfirmAdminModal } from './confirm-admin-modal.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { useAdminRegistrationForm } from './use-admin-registration-form.ts';

const ID = {
  first_name: 'admin-first-name',
  last_name: 'admin-last-name',
  email: 'admin-email',
  phone: 'admin-phone',
  password: 'admin-password',
  confirm_password: 'admin-confirm-password',
} as const;
const STRENGTH_ID = 'admin-password-strength';

type FieldName = keyof typeof ID;

/** SPEC §5 "Admin registration form": letters-only names, a self-formatting phone, live password strength. */
export function AdminRegistrationForm({
  onCreated,
  onAttempt,
}: {
  onCreated: (answer: CreateAdminAnswer) => void;
  /** A new attempt starts: the last one's banners go. */
  onAttempt: () => void;
}) {
  const { form, submit, confirm, clear, pending, cancel, saving, failure } = useAdminRegistrationForm(
    onCreated,
    onAttempt,
  );
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const name = (field: 'first_name' | 'last_name') => {
    const registered = register(field);
    return {
      ...registered,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = filterNameInput(event.target.value);
        return registered.onChange(event);
      },
    };
  };
  const error = (field: FieldName) => errors[field]?.message ?? null;
  // Registered in the order of the form: the first invalid field in this order gets the focus.
  const fields = {
    first_name: name('first_name'),
    last_name: name('last_name'),
    email: register('email'),
    phone: register('phone'),
    password: register('password'),
    confirm_password: register('confirm_password'),
  };
  const password = watch('password');
  const passwordError = error('password');
  const control = (field: FieldName, hint?: string) => ({
    id: ID[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(ID[field], error(field), hint),
  });

  return (
    <>
      <form noValidate onSubmit={submit} className="rounded-lg border border-slate-200 bg-white">
        <div className="grid gap-6 p-4 sm:grid-cols-2 sm:p-6">
          <Field id={ID.first_name} label="Nombre" required error={error('first_name')}>
            <TextInput
              {...control('first_name')}
              {...fields.first_name}
              autoComplete="given-name"
              maxLength={LIMITS.text.name}
              placeholder="María"
            />
          </Field>
          <Field id={ID.last_name} label="Apellido" required error={error('last_name')}>
            <TextInput
              {...control('last_name')}
              {...fields.last_name}
              autoComplete="family-name"
              maxLength={LIMITS.text.name}
              placeholder="Rodríguez"
            />
          </Field>
          <Field id={ID.email} label="Correo Electrónico" required error={error('email')}>
            <TextInput
              {...control('email')}
              {...fields.email}
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.text.email}
              placeholder="usuario@empresa.com"
            />
          </Field>
          <Field id={ID.phone} label="Número de Teléfono" required error={error('phone')}>
            <TextInput
              {...control('phone')}
              {...fields.phone}
              onChange={(event) => {
                event.target.value = formatPhone(event.target.value);
                return fields.phone.onChange(event);
              }}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="(787) 555-0102"
            />
          </Field>
          <div className="space-y-2">
            <Field
              id={ID.password}
              label="Contraseña"
              required
              error={error('password')}
              hint={PASSWORD_HINT}
            >
              <PasswordInput {...control('password', PASSWORD_HINT)} {...fields.password} maxLength={256} />
            </Field>
            <PasswordStrength id={STRENGTH_ID} password={password} showFirstProblem={!passwordError} />
          </div>
          <Field
            id={ID.confirm_password}
            label="Confirmar Contraseña"
            required
            error={error('confirm_password')}
          >
            <PasswordInput {...control('confirm_password')} {...fields.confirm_password} maxLength={256} />
          </Field>
        </div>
        <div className="flex flex-col gap-4 border-t border-slate-200 px-4 py-4 sm:px-6">
          {failure ? <Banner tone="error">{failure}</Banner> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              icon={<Eraser className="size-4" aria-hidden="true" />}
              onClick={clear}
            >
              Limpiar
            </Button>
            <Button type="submit" icon={<UserPlus className="size-4" aria-hidden="true" />}>
              Registrar Administrador
            </Button>
          </div>
        </div>
      </form>
      <ConfirmAdminModal payload={pending} saving={saving} onCancel={cancel} onConfirm={confirm} />
    </>
  );
}
