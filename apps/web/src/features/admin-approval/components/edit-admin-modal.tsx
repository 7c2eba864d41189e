import type { AdminAccount } from '@portal/contract/admin-registration';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { fullName } from '../admin-status.ts';
import { useUpdateAdmin } from '../api/use-admin-mutations.ts';
import { EDIT_ADMIN_FORM_ID, EditAdminFields, isEmailTaken } from './edit-admin-fields.tsx';

interface EditAdminModalProps {
  admin: AdminAccount | null;
  onClose: () => void;
  onSaved: (admin: AdminAccount) => void;
}

export function EditAdminModal({ admin, onClose, onSaved }: EditAdminModalProps) {
  const update = useUpdateAdmin();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (update.isPending) return;
    update.reset();
    setFailure(null);
    onClose();
  };
  return (
    <Modal
      open={admin !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Editar Administrador"
      description={admin ? `Actualice los datos de ${fullName(admin)}. El teléfono es opcional.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={EDIT_ADMIN_FORM_ID} loading={update.isPending}>
            Guardar Cambios
          </Button>
        </>
      }
    >
      {admin ? (
        <EditAdminFields
          key={admin.admin_id}
          admin={admin}
          failure={failure}
          onSubmit={(changes, onEmailTaken) => {
            setFailure(null);
            update.mutate(
              { adminId: admin.admin_id, update: changes },
              {
                onSuccess: (saved) => {
                  update.reset();
                  onSaved(saved);
                },
                onError: (error) => {
                  if (isEmailTaken(error)) onEmailTaken();
                  else setFailure(`No se pudo actualizar el administrador: ${error.message}`);
                },
              },
            );
          }}
        />
      ) : null}
    </Modal>
  );
}
