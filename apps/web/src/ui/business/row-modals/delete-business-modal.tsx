// Delete confirmation (SPEC §2, master only): typing the registry number exactly enables the deletion.
// It names the version on screen (If-Match): a business someone changed meanwhile is not deleted, the
// conflict view says what changed, and 'Recargar' shows the business as it is now to decide again.
import { TIMING } from '@portal/contract/limits';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { Banner } from '../../banner.tsx';
import { Modal, ModalButtons, ModalCloseButton } from '../../modal.tsx';
import { TypedConfirmation } from '../../typed-confirmation.tsx';
import { BusinessConflict, type BusinessNow, EDIT_CONFLICT_FIELDS } from './business-conflict.tsx';
import { BusinessSummary } from './business-summary.tsx';
import { FailureBanner } from './failure-banner.tsx';
import { useAutoClose } from './use-auto-close.ts';
import { useDeleteBusiness } from './use-delete-business.ts';

interface DeleteBusinessModalProps {
  business: BusinessRow;
  /** The business is gone; the row goes when the modal closes. */
  onDeleted: () => void;
  /** 'Deshacer' in the toast brought it back from the trash. */
  onRestored?: () => void;
  /** 'Recargar' after a conflict: the business as it is now, for the row or the page. */
  onReloaded?: (business: Partial<BusinessRow>) => void;
  onClose: () => void;
}

export const DELETE_NOT_DONE = 'No se eliminó el negocio.';
const DELETE_FAILED = 'No se pudo eliminar el negocio.';
export const DELETE_CONFLICT_TITLE = 'Este negocio cambió mientras confirmaba su eliminación';

export function DeleteBusinessModal({
  business,
  onDeleted,
  onRestored,
  onReloaded,
  onClose,
}: DeleteBusinessModalProps) {
  const registry = business.business_registry_number;
  // The business the person decides on: as opened, or as it is now after 'Recargar'.
  const [shown, setShown] = useState(business);
  const [typed, setTyped] = useState('');
  const deletion = useDeleteBusiness(registry, shown.business_name, onRestored);
  const conflict = conflictOf<BusinessRow>(deletion.error);
  const done = deletion.isSuccess;
  useAutoClose(done, TIMING.deleteModalCloseMs, onClose);

  const matches = typed === registry;
  const submit = () => {
    if (!matches || deletion.isPending || done || conflict) return;
    // Without a version (none on screen) the deletion is unconditional, as before If-Match.
    deletion.mutate(shown.version, { onSuccess: onDeleted });
  };

  /** The business as it is now replaces the one shown; the person confirms again to delete it. */
  const reload = (now: BusinessNow) => {
    const row = { ...shown, ...now } as BusinessRow;
    setShown(row);
    onReloaded?.(row);
    setTyped('');
    deletion.reset();
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={deletion.isPending}
      title="Eliminar Negocio"
      description="El negocio irá a la Papelera. Solo el usuario maestro puede eliminar negocios."
      footer={
        done ? (
          <ModalCloseButton onClose={onClose} />
        ) : (
          <ModalButtons
            onCancel={onClose}
            busy={deletion.isPending}
            variant="danger"
            onClick={submit}
            disabled={!matches || conflict !== null}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
          >
            Entiendo, eliminar este negocio
          </ModalButtons>
        )
      }
    >
      <div className="space-y-4">
        <BusinessSummary business={shown} />
        {done ? (
          <Banner tone="success" title="Eliminación Exitosa">
            {deletion.data}
          </Banner>
        ) : conflict ? (
          <BusinessConflict
            shown={shown}
            conflict={conflict}
            fields={EDIT_CONFLICT_FIELDS}
            onReload={reload}
            notDoneNote={DELETE_NOT_DONE}
            title={DELETE_CONFLICT_TITLE}
          />
        ) : (
          <>
            <Banner tone="warning" title="El negocio y todos sus datos saldrán del directorio">
              Se eliminarán el negocio y todos sus datos asociados: productos, empleados, citas y demás
              información. Podrá restaurarlo desde la Papelera hasta que se elimine definitivamente.
            </Banner>
            <TypedConfirmation
              expected={registry}
              value={typed}
              onChange={setTyped}
              onSubmit={submit}
              busy={deletion.isPending}
            />
            {deletion.isError ? (
              <FailureBanner>{failureText(deletion.error, DELETE_FAILED, 'deletion')}</FailureBanner>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}
