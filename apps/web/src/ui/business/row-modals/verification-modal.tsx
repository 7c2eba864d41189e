// 'Gestionar Verificación' (SPEC §2, §4): the email and phone flags, toggled then saved together.
import { TIMING } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import { useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import type { VerificationFlags } from '../../../api/verification-api.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { Banner } from '../../banner.tsx';
import { Modal, ModalButtons } from '../../modal.tsx';
import { EmailText } from '../email-text.tsx';
import { BusinessConflict, type BusinessNow } from './business-conflict.tsx';
import { BUSINESS_GONE, isBusinessGone } from './business-gone.ts';
import { BusinessSummary } from './business-summary.tsx';
import { FailureBanner } from './failure-banner.tsx';
import { useAutoClose } from './use-auto-close.ts';
import { useVerification } from './use-verification.ts';
import { VerificationFlag } from './verification-flag.tsx';

export const VERIFICATION_SAVED = 'Estado de verificación actualizado exitosamente';

interface VerificationModalProps {
  business: BusinessRow;
  /** The saved flags (and the business's version), or the record as it is now after 'Recargar', for the row. */
  onSaved: (changes: Partial<BusinessRow>) => void;
  /** The business was deleted while the modal was open (the save answered 404). */
  onGone?: () => void;
  onClose: () => void;
}

export function VerificationModal({ business, onSaved, onGone, onClose }: VerificationModalProps) {
  const [email, setEmail] = useState(business.verified_email);
  const [phone, setPhone] = useState(business.verified_phone);
  const save = useVerification(business.business_registry_number);
  const saved = save.isSuccess;
  // Saved over someone else's change: the person reads what is saved now, and closes it themselves.
  const [overConflict, setOverConflict] = useState(false);
  useAutoClose(saved && !overConflict, TIMING.verificationModalCloseMs, onClose);

  const conflict = conflictOf<BusinessNow>(save.error);
  const gone = isBusinessGone(save.error);

  /** version: the one on screen, or after a conflict the one it is at now ('Aplicar… de todos modos'). */
  const submit = (
    version = business.version,
    flags: VerificationFlags = { verified_email: email, verified_phone: phone },
  ) => {
    save.mutate(
      { flags, version },
      {
        onSuccess: (status) => {
          // The switches show what is saved now (over a conflict, also the other person's change).
          setEmail(status.verified_email);
          setPhone(status.verified_phone);
          onSaved({
            verified_email: status.verified_email,
            verified_phone: status.verified_phone,
            ...(status.version && { version: status.version }),
          });
        },
        onError: (error) => {
          if (isBusinessGone(error)) onGone?.();
        },
      },
    );
  };

  // Over someone else's change only the flags the person changed are sent.
  const own: VerificationFlags = {
    ...(email !== business.verified_email && { verified_email: email }),
    ...(phone !== business.verified_phone && { verified_phone: phone }),
  };

  /** 'Recargar': the row and the switches take the record as it is now. */
  const reload = (now: BusinessNow) => {
    onSaved(now);
    setEmail(now.verified_email);
    setPhone(now.verified_phone);
    save.reset();
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      title="Gestionar Verificación"
      description="Marque si el email y el teléfono del negocio están verificados."
      footer={
        <ModalButtons
          onCancel={onClose}
          busy={save.isPending}
          onClick={() => submit()}
          disabled={saved || conflict !== null || gone}
        >
          Guardar Cambios
        </ModalButtons>
      }
    >
      <div className="space-y-4">
        <BusinessSummary business={business} contact={false} />
        <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          <VerificationFlag
            channel="Email"
            value={<EmailText email={business.business_email} />}
            checked={email}
            onCheckedChange={setEmail}
            disabled={save.isPending || saved}
          />
          <VerificationFlag
            channel="Teléfono"
            value={formatPhone(business.business_phone)}
            checked={phone}
            onCheckedChange={setPhone}
            disabled={save.isPending || saved}
          />
        </div>
        {saved ? <Banner tone="success">{VERIFICATION_SAVED}</Banner> : null}
        {conflict ? (
          <BusinessConflict
            shown={business}
            conflict={conflict}
            onReload={reload}
            onApplyAnyway={
              Object.keys(own).length > 0
                ? () => {
                    setOverConflict(true);
                    submit(conflict.currentVersion, own);
                  }
                : undefined
            }
            applying={save.isPending}
          />
        ) : save.isError ? (
          <FailureBanner>
            {gone ? BUSINESS_GONE : failureText(save.error, 'Error al actualizar la verificación.', 'change')}
          </FailureBanner>
        ) : null}
      </div>
    </Modal>
  );
}
