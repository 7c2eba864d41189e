import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@portal/contract/limits';
import { phoneDigits } from '@portal/contract/phone';
import { EMAIL_PATTERN } from '@portal/contract/public-registration';
import {
  EMPTY_REGISTER_BUSINESS_FORM,
  REGISTER_FORM_MESSAGES,
  type RegisterBusinessFormValues,
  registerBusinessFormSchema,
} from '@portal/contract/register-business-form';
import { Building2, Eraser } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../api/api-error.ts';
import { useSession } from '../../../session/use-session.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { useCheckExistsNow, useExistenceCheck } from '../api/use-existence-check.ts';
import { type RegisterResult, useRegisterBusiness } from '../api/use-register-business.ts';
import { useExactLocation } from '../hooks/use-exact-location.ts';
import {
  clearRegistrationDraft,
  readRegistrationDraft,
  saveRegistrationDraft,
} from '../registration-draft.ts';
import { buildLocationPayload, buildRegistrationPayload, rejectedField } from '../registration-payload.ts';
import { BusinessSection } from './business-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { ConfirmRegistrationModal, RegistrationSuccessModal } from './lazy-modals.tsx';
import { LocationSection } from './location-section.tsx';
import { OwnerSection } from './owner-section.tsx';

export const FIRST_FIELD_ID = 'rb-name';

const normalEmail = (email: string) => email.trim().toLowerCase();
const checkableEmail = (email: string) => EMAIL_PATTERN.test(email) && email.length <= LIMITS.text.email;

/** Form -> confirmation -> register -> location -> `onRegistered` (SPEC §4 "Registration"). */
export function RegisterBusinessForm({ onRegistered }: { onRegistered: (result: RegisterResult) => void }) {
  const maxYear = new Date().getFullYear();
  const schema = useMemo(() => registerBusinessFormSchema(maxYear), [maxYear]);
  const { session } = useSession();
  const draftOwner = session ? `${session.loginType}:${session.adminId ?? session.user.email}` : '';
  // What this person had typed before leaving the tab comes back (registration-draft.ts).
  const [restored, setRestored] = useState(() => readRegistrationDraft(draftOwner));
  const form = useForm<RegisterBusinessFormValues>({
    resolver: zodResolver(schema),
    defaultValues: restored ?? EMPTY_REGISTER_BUSINESS_FORM,
  });
  useEffect(() => {
    const subscription = form.watch((values) => saveRegistrationDraft(draftOwner, values));
    return () => subscription.unsubscribe();
  }, [form, draftOwner]);
  const emptyForm = () => {
    clearRegistrationDraft();
    form.reset(EMPTY_REGISTER_BUSINESS_FORM);
    setRestored(null);
    // Once the banner holding the button is gone.
    setTimeout(() => form.setFocus('business_name'), 0);
  };
  const canVerify = session?.loginType === 'admin' || session?.loginType === 'master';
  const exactLocation = useExactLocation();
  const registration = useRegisterBusiness();
  const [pending, setPending] = useState<RegisterBusinessFormValues | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // Values the server refused as already registered (SPEC §8), shown while the field still holds them.
  const [rejected, setRejected] = useState<{ email?: string; phone?: string }>({});

  const email = normalEmail(useWatch({ control: form.control, name: 'business_email' }));
  const phone = phoneDigits(useWatch({ control: form.control, name: 'business_phone' }));
  const emailExists = useExistenceCheck('email', email, checkableEmail(email));
  const phoneExists = useExistenceCheck('phone', phone, phone.length === LIMITS.phoneDigits);
  // An email found taken on leaving the field or before sending it a code.
  const [emailFoundTaken, setEmailFoundTaken] = useState<string | null>(null);
  const checkExistsNow = useCheckExistsNow();
  /** Asks now (no 500 ms wait) whether the typed email is taken; a failed check answers false. */
  const checkEmailTaken = async () => {
    const value = normalEmail(form.getValues('business_email'));
    if (!checkableEmail(value)) return false;
    const taken = await checkExistsNow('email', value);
    if (taken) setEmailFoundTaken(value);
    return taken;
  };
  const emailTaken =
    emailExists || (rejected.email !== undefined && rejected.email === email) || emailFoundTaken === email;
  const phoneTaken = phoneExists || (rejected.phone !== undefined && rejected.phone === phone);

  /** Focused as the dialog closes (never the page meanwhile), and again after its own focus return. */
  const focusField = (field: 'business_email' | 'business_phone') => {
    form.setFocus(field);
    setTimeout(() => form.setFocus(field), 50);
  };

  const onValid = (values: RegisterBusinessFormValues) => {
    setConfirmError(null);
    if (emailTaken) return form.setFocus('business_email');
    if (phoneTaken) return form.setFocus('business_phone');
    // Fetched while the person reads the confirmation, so the success dialog can take its place at once.
    RegistrationSuccessModal.preload().catch(() => {});
    setPending(values);
  };

  const confirm = () => {
    if (!pending) return;
    setConfirmError(null);
    const payload = buildRegistrationPayload(pending, canVerify);
    const location = buildLocationPayload(
      pending,
      exactLocation.state.status === 'located' ? exactLocation.state.coordinates : null,
    );
    registration.mutate(
      { payload, location },
      {
        // The confirmation stays open, its button busy, until the success dialog can open in its place:
        // in between, the focus would have nowhere to be but the page.
        onSuccess: (result) => {
          void RegistrationSuccessModal.preload()
            .catch(() => {})
            .then(() => onRegistered(result));
        },
        onError: (error) => {
          // A 409 names the email or phone already registered (SPEC §8): closed on that field. Anything
          // else is said in the confirmation, whose button keeps the focus to try again.
          const field =
            error instanceof ApiError && error.status === 409 ? rejectedField(error.serverMessage) : null;
          if (field === null) {
            setConfirmError(
              error instanceof ApiError ? error.message : REGISTER_FORM_MESSAGES.registerFailed,
            );
            return;
          }
          flushSync(() => {
            setPending(null);
            if (field === 'email')
              setRejected((current) => ({ ...current, email: normalEmail(pending.business_email) }));
            else setRejected((current) => ({ ...current, phone: phoneDigits(pending.business_phone) }));
          });
          focusField(field === 'email' ? 'business_email' : 'business_phone');
        },
      },
    );
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-6">
        {restored ? (
          <Banner tone="info">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>Se recuperaron los datos que ingresó antes; el negocio aún no se ha registrado.</span>
              <Button
                variant="secondary"
                size="sm"
                className="h-10"
                icon={<Eraser className="size-4" aria-hidden="true" />}
                onClick={emptyForm}
              >
                Vaciar formulario
              </Button>
            </div>
          </Banner>
        ) : null}
        <BusinessSection />
        <OwnerSection />
        <ContactSection
          emailTaken={emailTaken}
          phoneTaken={phoneTaken}
          canVerify={canVerify}
          checkEmailTaken={checkEmailTaken}
        />
        <LocationSection
          exactLocation={exactLocation.state}
          onExactLocationChange={exactLocation.setChecked}
        />
        <div className="flex justify-end">
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto"
            loading={registration.isPending}
            icon={<Building2 className="size-4" aria-hidden="true" />}
          >
            Registrar Negocio
          </Button>
        </div>
      </form>
      <ConfirmRegistrationModal
        values={pending}
        exactLocation={exactLocation.state}
        saving={registration.isPending || registration.isSuccess}
        error={confirmError}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </FormProvider>
  );
}
