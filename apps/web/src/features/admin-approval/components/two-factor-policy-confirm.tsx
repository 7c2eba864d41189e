import { Modal, ModalButtons } from '../../../ui/modal.tsx';

interface TwoFactorPolicyConfirmProps {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Before requiring 2FA: it ends sessions at once, which cannot be undone by turning it off again.
 * The dialog closes on confirm, so the switch (its opener) keeps the focus while the change saves.
 */
export function TwoFactorPolicyConfirm({ open, onConfirm, onClose }: TwoFactorPolicyConfirmProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Exigir verificación en dos pasos"
      description="Se aplicará a todos los administradores del portal."
      footer={
        <ModalButtons onCancel={onClose} onClick={onConfirm}>
          Exigir verificación
        </ModalButtons>
      }
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Los administradores que aún no la tienen deberán configurarla la próxima vez que inicien sesión,
          antes de entrar al panel.
        </li>
        <li>Las sesiones abiertas de esos administradores se cerrarán ahora.</li>
        <li>El cambio quedará registrado en la Auditoría.</li>
      </ul>
    </Modal>
  );
}
