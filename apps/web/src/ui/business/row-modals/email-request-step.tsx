// Step 1 of 'Actualizar Email': the new address (SPEC §5: a basic email pattern).

import { BASIC_EMAIL } from '@portal/contract/email-change';
import { LIMITS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { useForm } from 'react-hook-form';
import { describedBy, Field, TextInput } from '../../field.tsx';
import { EmailText } from '../email-text.tsx';
import { SAME_EMAIL } from './email-code-answers.ts';

export const INVALID_EMAIL = MSG.emailChangeInvalidEmail;

interface EmailRequestStepProps {
  formId: string;
  currentEmail: string;
  defaultEmail: string;
  disabled: boolean;
  onEmailInput: (email: string) => void;
  onSubmit: (email: string) => void;
}

export function EmailRequestStep({
  formId,
  currentEmail,
  defaultEmail,
  disabled,
  onEmailInput,
  onSubmit,
}: EmailRequestStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: defaultEmail } });
  const id = `${formId}-email`;
  const error = errors.email?.message;

  return (
    <form id={formId} noValidate onSubmit={handleSubmit((values) => onSubmit(values.email.trim()))}>
      <p className="mb-4 text-sm text-slate-600">
        Email actual:{' '}
        <span className="font-medium text-slate-900">
          <EmailText email={currentEmail} />
        </span>
      </p>
      <Field
        id={id}
        label="Nuevo email"
        error={error}
        hint="Enviaremos un código de 6 dígitos a esta dirección."
      >
        <TextInput
          id={id}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          maxLength={LIMITS.text.email}
          placeholder="nuevo@negocio.com"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, true)}
          {...register('email', {
            validate: (value) =>
              !BASIC_EMAIL.test(value.trim())
                ? INVALID_EMAIL
                : value.trim().toLowerCase() !== currentEmail.toLowerCase() || SAME_EMAIL,
            onChange: (event) => onEmailInput(String(event.target.value).trim()),
          })}
        />
      </Field>
    </form>
  );
}
