// 'Editar datos': name, owner, phone, category, year, address and description of a
// business, with the rules of 'Registrar Negocio'. Only the changed fields are sent, with the
// version on screen (If-Match); a change by someone else meanwhile opens the conflict notice.
import { EDIT_BUSINESS_FORM_MESSAGES, editPayloadOf } from '@portal/contract/edit-business-form';
import { Save } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/api-error.ts';
import type { BusinessEdit, BusinessRow } from '../../../api/business-data-api.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { Banner } from '../../banner.tsx';
import { Modal, ModalButtons } from '../../modal.tsx';
import { Spinner } from '../../spinner.tsx';
import { BusinessConflict, EDIT_CONFLICT_FIELDS, EDIT_FORM_FIELDS } from './business-conflict.tsx';
import { BUSINESS_GONE, isBusinessGone } from './business-gone.ts';
import { BusinessSummary } from './business-summary.tsx';
import { FailureBanner } from './failure-banner.tsx';
import { useEditBusiness } from './use-edit-business.ts';

// react-hook-form and the form's schema arrive with the form.
const EditBusinessFields = lazy(() =>
  import('./edit-business-fields.tsx').then((m) => ({ default: m.EditBusinessFields })),
);
const FORM_ID = 'editar-datos-negocio';

interface EditBusinessModalProps {
  business: BusinessRow;
  /** The saved business (or the record as it is now after 'Recargar'), for the row or the page. */
  onSaved: (changes: Partial<BusinessRow>) => void;
  /** The business was deleted while the modal was open (the save answered 404). */
  onGone?: () => void;
  onClose: () => void;
}

type EditField = (typeof EDIT_FORM_FIELDS)[number];

/** The first field of the form (in its order) that a change sets; the name when none. */
const firstChanged = (changes: BusinessEdit | null): EditField =>
  EDIT_FORM_FIELDS.find((field) => changes && field in changes) ?? 'business_name';

const isPhoneTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && /phone/i.test(error.serverMessage ?? '');

export function EditBusinessModal({ business, onSaved, onGone, onClose }: EditBusinessModalProps) {
  const save = useEditBusiness(business.business_registry_number);
  // The record the form edits: as opened, or as it is now after 'Recargar'.
  const [shown, setShown] = useState(business);
  const [pending, setPending] = useState<BusinessEdit | null>(null);
  const [nothing, setNothing] = useState(false);
  // After 'Recargar': the field that takes the focus when the form comes back.
  const [focusField, setFocusField] = useState<EditField | undefined>(undefined);
  const conflict = conflictOf<BusinessRow>(save.error);
  const phoneTaken = isPhoneTaken(save.error);
  const gone = isBusinessGone(save.error);

  const send = (changes: BusinessEdit, version = shown.version) => {
    setPending(changes);
    save.mutate(
      { changes, version },
      {
        onSuccess: (row) => {
          onSaved(row);
          toast.success(EDIT_BUSINESS_FORM_MESSAGES.saved);
          onClose();
        },
        onError: (error) => {
          if (isBusinessGone(error)) onGone?.();
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title="Editar datos"
      description="Corrija los datos del negocio. El email se cambia con «Actualizar Email»."
      footer={
        <ModalButtons
          onCancel={onClose}
          busy={save.isPending}
          type="submit"
          form={FORM_ID}
          disabled={conflict !== null || gone}
          icon={<Save className="size-4" aria-hidden="true" />}
        >
          Guardar Cambios
        </ModalButtons>
      }
    >
      <div className="space-y-4">
        <BusinessSummary business={shown} contact={false} />
        {nothing ? <Banner tone="info">{EDIT_BUSINESS_FORM_MESSAGES.nothingChanged}</Banner> : null}
        {conflict ? (
          <BusinessConflict
            shown={shown}
            conflict={conflict}
            fields={EDIT_CONFLICT_FIELDS}
            mine={pending}
            applying={save.isPending}
            onReload={(now) => {
              const row = { ...shown, ...now } as BusinessRow;
              // The form comes back as the record is now; the focus goes to the first field the
              // person had changed, to do it again if it still makes sense.
              setFocusField(firstChanged(pending));
              setShown(row);
              onSaved(row);
              save.reset();
            }}
            onApplyAnyway={
              pending && Object.keys(pending).length > 0
                ? () => send(pending, conflict.currentVersion)
                : undefined
            }
          />
        ) : null}
        <Suspense fallback={<Spinner label="Cargando..." />}>
          <EditBusinessFields
            key={`${shown.business_registry_number}:${shown.version ?? ''}`}
            business={shown}
            formId={FORM_ID}
            busy={save.isPending}
            phoneTaken={phoneTaken}
            focusField={focusField}
            onSubmit={(values) => {
              const changes = editPayloadOf(shown, values);
              setNothing(Object.keys(changes).length === 0);
              if (Object.keys(changes).length > 0) send(changes);
            }}
          />
        </Suspense>
        {save.isError && !conflict && !phoneTaken ? (
          <FailureBanner>
            {gone
              ? BUSINESS_GONE
              : failureText(save.error, 'Error al actualizar los datos del negocio.', 'change')}
          </FailureBanner>
        ) : null}
      </div>
    </Modal>
  );
}
