import { LIMITS } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import {
  REGISTER_FORM_MESSAGES,
  type RegisterBusinessFormValues,
} from '@portal/contract/register-business-form';
import { Controller, useFormContext } from 'react-hook-form';
import { describedBy, Field, TextInput } from '../../../ui/field.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { EmailCodePanel } from './email-code-panel.tsx';
import { FormSection } from './form-section.tsx';

interface ContactSectionProps {
  emailTaken: boolean;
  phoneTaken: boolean;
  /** Admin or master: the 'Verificado' switches (SPEC §6). */
  canVerify: boolean;
  /** Whether the typed email is already a business's, asked now; false when the check fails. */
  checkEmailTaken: () => Promise<boolean>;
}

export function ContactSection({ emailTaken, phoneTaken, canVerify, checkEmailTaken }: ContactSectionProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<RegisterBusinessFormValues>();
  const emailError =
    errors.business_email?.message ?? (emailTaken ? REGISTER_FORM_MESSAGES.emailTaken : undefined);
  const emailField = register('business_email');
  const phoneError =
    errors.business_phone?.message ?? (phoneTaken ? REGISTER_FORM_MESSAGES.phoneTaken : undefined);

  const verifiedSwitch = (name: 'email_verified' | 'phone_verified', description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label="Verificado"
          description={description}
          checked={field.value}
          onCheckedChange={field.onChange}
          className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2"
        />
      )}
    />
  );

  return (
    <FormSection
      id="register-contact-section"
      title="Información de Contacto"
      description="Se comprueba que el correo y el teléfono no estén registrados."
    >
      <div className="space-y-3">
        <Field id="rb-email" label="Correo electrónico" required error={emailError}>
          <TextInput
            id="rb-email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="dueno@negocio.com"
            maxLength={LIMITS.text.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy('rb-email', emailError)}
            {...emailField}
            onBlur={(event) => {
              void emailField.onBlur(event);
              void checkEmailTaken();
            }}
          />
        </Field>
        {canVerify
          ? verifiedSwitch('email_verified', 'Correo electrónico confirmado con el propietario')
          : null}
        <EmailCodePanel checkEmailTaken={checkEmailTaken} />
      </div>
      <div className="space-y-3">
        <Field id="rb-phone" label="Número de teléfono" required error={phoneError}>
          <Controller
            control={control}
            name="business_phone"
            render={({ field }) => (
              <TextInput
                id="rb-phone"
                ref={field.ref}
                name={field.name}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(787) 555-0102"
                value={field.value}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={describedBy('rb-phone', phoneError)}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(formatPhone(event.target.value))}
              />
            )}
          />
        </Field>
        {canVerify ? verifiedSwitch('phone_verified', 'Teléfono confirmado con el propietario') : null}
      </div>
    </FormSection>
  );
}
