import type { AdminAccount } from '@portal/contract/admin-registration';
import { lazy, Suspense, useState } from 'react';
import type { AdminUpdate } from '../../../api/admin-accounts-api.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fullName } from '../admin-status.ts';
import { useUpdateAdmin } from '../api/use-admin-mutations.ts';
import { AdminConflict } from './admin-conflict.tsx';
import type { AdminDialogProps } from './admin-dialog-props.ts';
import { EDIT_ADMIN_FORM_ID, isEmailTaken } from './edit-admin-shared.ts';

// The form (react-hook-form and the contract's schemas) arrives when the modal first opens.
const EditAdminFields = lazy(() =>
  import('./edit-admin-fields.tsx').then((m) => ({ default: m.EditAdminFields })),
);

export function EditAdminModal({ admin, onClose, onDone }: AdminDialogProps) {
  const update = useUpdateAdmin();
  const [failure, setFailure] = useState<string | null>(null);
  // The account as it is now after 'Recargar', and the changes of the last save.
  const [reloaded, setReloaded] = useState<AdminAccount | null>(null);
  const [pending, setPending] = useState<{ changes: AdminUpdate; onEmailTaken: () => void } | null>(null);
  const shown = admin && reloaded?.admin_id === admin.admin_id ? reloaded : admin;
  const conflict = conflictOf<AdminAccount>(update.error);

  const close = () => {
    if (update.isPending) return;
    update.reset();
    setFailure(null);
    setReloaded(null);
    setPending(null);
    onClose();
  };

  /** version: the one on screen (If-Match), or the one it is at now ('Aplicar… de todos modos'). */
  const save = (changes: AdminUpdate, onEmailTaken: () => void, version = shown?.version) => {
    if (!shown) return;
    setFailure(null);
    // What the person changed: the form sends every field, but applying over someone else's
    // change must send only the person's own edits.
    const own = Object.fromEntries(
      Object.entries(changes).filter(([key, value]) => shown[key as keyof AdminUpdate] !== value),
    ) as AdminUpdate;
    if (version === shown.version) setPending({ changes: own, onEmailTaken });
    update.mutate(
      { adminId: shown.admin_id, update: changes, version },
      {
        onSuccess: (saved) => {
          update.reset();
          setReloaded(null);
          onDone(saved);
        },
        onError: (error) => {
          if (conflictOf(error)) return;
          if (isEmailTaken(error)) onEmailTaken();
          else setFailure(`No se pudo actualizar el administrador: ${error.message}`);
        },
      },
    );
  };

  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title="Editar Administrador"
      description={shown ? `Actualice los datos de ${fullName(shown)}. El teléfono es opcional.` : undefined}
      footer={
        <ModalButtons
          onCancel={close}
          busy={update.isPending}
          type="submit"
          form={EDIT_ADMIN_FORM_ID}
          disabled={conflict !== null}
        >
          Guardar Cambios
        </ModalButtons>
      }
    >
      {shown ? (
        <div className="space-y-4">
          {conflict ? (
            <AdminConflict
              shown={shown}
              conflict={conflict}
              applying={update.isPending}
              onReload={(now) => {
                setReloaded(now);
                update.reset();
              }}
              onApplyAnyway={
                pending && Object.keys(pending.changes).length > 0
                  ? () => save(pending.changes, pending.onEmailTaken, conflict.currentVersion)
                  : undefined
              }
            />
          ) : null}
          <Suspense fallback={<Spinner label="Cargando..." />}>
            <EditAdminFields
              key={`${shown.admin_id}:${shown.version}`}
              admin={shown}
              failure={failure}
              onSubmit={(changes, onEmailTaken) => save(changes, onEmailTaken)}
            />
          </Suspense>
        </div>
      ) : null}
    </Modal>
  );
}
