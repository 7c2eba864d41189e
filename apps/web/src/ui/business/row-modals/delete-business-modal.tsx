// Delete confirmation (SPEC §2, master only): typing the registry number exactly enables the deletion.
import { TIMING } from '@portal/contract/limits';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { Banner } from '../../banner.tsx';
import { Modal, ModalButtons, ModalCloseButton } from '../../modal.tsx';
import { TypedConfirmation } from '../../typed-confirmation.tsx';
import { BusinessSummary } from './business-summary.tsx';
import { errorText } from './error-text.ts';
import { useAutoClose } from './use-auto-close.ts';
import { useDeleteBusiness } from './use-delete-business.ts';

interface DeleteBusinessModalProps {
  business: BusinessRow;
  /** The business is gone; the row goes when the modal closes. */
  onDeleted: () => void;
  /** 'Deshacer' in the toast brought it back from the trash. */
  onRestored?: () => void;
  onClose: () => void;
}

export function DeleteBusinessModal({ business, onDeleted, onRestored, onClose }: DeleteBusinessModalProps) {
  const registry = business.business_registry_number;
  const [typed, setTyped] = useState('');
  const deletion = useDeleteBusiness(registry, business.business_name, onRestored);
  const done = deletion.isSuccess;
  useAutoClose(done, TIMING.deleteModalCloseMs, onClose);

  const matches = typed === registry;
  const submit = () => {
    if (!matches || deletion.isPending || done) return;
    deletion.mutate(undefined, { onSuccess: onDeleted });
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
            disabled={!matches}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
          >
            Entiendo, eliminar este negocio
          </ModalButtons>
        )
      }
    >
      <div className="space-y-4">
        <BusinessSummary business={business} />
        {done ? (
          <Banner tone="success" title="Eliminación Exitosa">
            {deletion.data}
          </Banner>
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
              disabled={deletion.isPending}
            />
            {deletion.isError ? (
              <Banner tone="error">{errorText(deletion.error, 'Request failed')}</Banner>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}
