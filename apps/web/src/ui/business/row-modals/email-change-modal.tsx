// 'Actualizar Email' (SPEC §2, §4): a code goes to the new address (step 1), the code completes the
// change (step 2); the code proved the address, so the row then shows the new email as verified.
import { TIMING } from '@portal/contract/limits';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { Banner } from '../../banner.tsx';
import { Button } from '../../button.tsx';
import { Modal, ModalButtons } from '../../modal.tsx';
import { EmailText } from '../email-text.tsx';
import { BusinessConflict, type BusinessNow } from './business-conflict.tsx';
import { BUSINESS_GONE, isBusinessGone } from './business-gone.ts';
import { BusinessSummary } from './business-summary.tsx';
import {
  CODE_ALREADY_SENT,
  CODE_SPENT,
  EMAIL_TAKEN,
  emailTakenAt,
  resendWaitOf,
  triesLeftOf,
  triesLeftText,
  WRONG_CODE,
} from './email-code-answers.ts';
import { EmailCodeStep } from './email-code-step.tsx';
import { EmailRequestStep } from './email-request-step.tsx';
import { FailureBanner } from './failure-banner.tsx';
import { useCountdown } from './use-countdown.ts';
import { EMAIL_CHANGE_FALLBACK, useCompleteEmailChange, useInitiateEmailChange } from './use-email-change.ts';

interface EmailChangeModalProps {
  business: BusinessRow;
  /** The email now on record (and the business's version), or the record as it is now after
   * 'Recargar', for the row. */
  onChanged: (changes: Partial<BusinessRow>) => void;
  /** The business was deleted while the modal was open (its calls answer 404). */
  onGone?: () => void;
  onClose: () => void;
}

type Step = 'email' | 'code' | 'done';

const STEP_DESCRIPTIONS: Record<Step, string> = {
  email: 'Paso 1 de 2: el nuevo email recibirá un código de verificación.',
  code: 'Paso 2 de 2: ingrese el código de verificación.',
  done: 'El cambio de email se completó.',
};

export function EmailChangeModal({ business, onChanged, onGone, onClose }: EmailChangeModalProps) {
  const formId = useId();
  const registry = business.business_registry_number;
  const [step, setStep] = useState<Step>('email');
  const [sentTo, setSentTo] = useState('');
  const [typed, setTyped] = useState('');
  // The business's version when the person opened the modal, sent with initiate and complete.
  const [version, setVersion] = useState(business.version);
  const [lastCode, setLastCode] = useState('');
  // A code went to this address moments ago (this modal closed and opened again, another tab): the
  // server refused another (429), so the person types the one already mailed.
  const [alreadySent, setAlreadySent] = useState(false);
  const countdown = useCountdown();
  const initiate = useInitiateEmailChange(registry);
  const complete = useCompleteEmailChange(registry);
  const busy = initiate.isPending || complete.isPending;
  // The wait applies to the address the code went to; a corrected address may be sent at once.
  const waiting = countdown.secondsLeft > 0 && typed === sentTo;

  const send = (email: string, atVersion = version) => {
    complete.reset();
    setVersion(atVersion);
    initiate.mutate(
      { newEmail: email, version: atVersion },
      {
        onSuccess: () => {
          setAlreadySent(false);
          setSentTo(email);
          setTyped(email);
          countdown.start(TIMING.emailChangeResendSeconds);
          setStep('code');
        },
        onError: (error) => {
          if (isBusinessGone(error)) onGone?.();
          const wait = resendWaitOf(error);
          if (wait === null) return;
          initiate.reset();
          setAlreadySent(true);
          setSentTo(email);
          setTyped(email);
          countdown.start(wait);
          setStep('code');
        },
      },
    );
  };

  const confirm = (code: string, atVersion = version) => {
    setLastCode(code);
    setVersion(atVersion);
    complete.mutate(
      { newEmail: sentTo, code, version: atVersion },
      {
        onSuccess: (answer) => {
          onChanged({
            business_email: answer.new_email ?? sentTo,
            // The code proved the address: the server marks it verified (a departure from SPEC §4).
            verified_email: true,
            ...(answer.version && { version: answer.version }),
          });
          setStep('done');
        },
        onError: (error) => {
          if (isBusinessGone(error)) onGone?.();
        },
      },
    );
  };

  const conflict = conflictOf<BusinessNow>(initiate.error) ?? conflictOf<BusinessNow>(complete.error);
  /** 'Recargar': the row takes the business as it is now; the person starts again from step 1. */
  const reload = (now: BusinessNow) => {
    onChanged(now);
    setVersion(now.version);
    initiate.reset();
    complete.reset();
    setStep('email');
  };
  /** 'Aplicar mi cambio de todos modos': the failed step again, against the version it is at now. */
  const applyAnyway = (atVersion: string) =>
    complete.isError ? confirm(lastCode, atVersion) : send(typed, atVersion);

  const back = () => {
    setAlreadySent(false);
    initiate.reset();
    complete.reset();
    setStep('email');
  };

  const failedCall = initiate.isError ? initiate.error : complete.isError ? complete.error : null;
  const gone = isBusinessGone(failedCall);
  const triesLeft = triesLeftOf(complete.error);
  const failure = (() => {
    if (conflict) return null;
    if (gone) return BUSINESS_GONE;
    if (initiate.isError)
      return emailTakenAt(initiate.error)
        ? EMAIL_TAKEN
        : failureText(initiate.error, EMAIL_CHANGE_FALLBACK.send, 'codeSent');
    if (!complete.isError) return null;
    if (triesLeft === 0) return CODE_SPENT;
    if (triesLeft !== null) return `${WRONG_CODE} ${triesLeftText(triesLeft)}`;
    return failureText(complete.error, EMAIL_CHANGE_FALLBACK.complete, 'change');
  })();

  const footer =
    step === 'email' ? (
      <ModalButtons
        onCancel={onClose}
        busy={busy}
        loading={initiate.isPending}
        type="submit"
        form={formId}
        disabled={waiting || gone}
        icon={<Send className="size-4" aria-hidden="true" />}
      >
        {waiting ? `Reenviar en ${countdown.secondsLeft}s` : 'Enviar Código'}
      </ModalButtons>
    ) : step === 'code' ? (
      <>
        <Button variant="secondary" onClick={back} disabled={busy}>
          Volver
        </Button>
        <Button
          type="submit"
          form={formId}
          loading={complete.isPending}
          disabled={initiate.isPending || gone}
        >
          Confirmar Cambio
        </Button>
      </>
    ) : (
      <Button onClick={onClose}>Cerrar</Button>
    );

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title="Actualizar Email"
      description={STEP_DESCRIPTIONS[step]}
      footer={footer}
    >
      <div className="space-y-4">
        <BusinessSummary business={business} contact={false} />
        {step === 'email' ? (
          <EmailRequestStep
            formId={formId}
            currentEmail={business.business_email}
            defaultEmail={typed}
            disabled={busy}
            onEmailInput={setTyped}
            onSubmit={send}
          />
        ) : null}
        {step === 'code' ? (
          <EmailCodeStep
            formId={formId}
            newEmail={sentTo}
            disabled={busy}
            resendSeconds={countdown.secondsLeft}
            resending={initiate.isPending}
            gone={gone}
            refused={triesLeft !== null}
            onResend={() => send(sentTo)}
            onSubmit={confirm}
          />
        ) : null}
        {step === 'done' ? (
          <Banner tone="success" title="Email actualizado exitosamente">
            El email del negocio ahora es{' '}
            <span className="font-medium">
              <EmailText email={sentTo} />
            </span>{' '}
            y queda verificado.
          </Banner>
        ) : null}
        {step === 'code' && alreadySent && !failure ? <Banner tone="info">{CODE_ALREADY_SENT}</Banner> : null}
        {failure ? <FailureBanner>{failure}</FailureBanner> : null}
        {conflict ? (
          <BusinessConflict
            shown={business}
            conflict={conflict}
            onReload={reload}
            onApplyAnyway={() => applyAnyway(conflict.currentVersion)}
            applying={busy}
          />
        ) : null}
      </div>
    </Modal>
  );
}
