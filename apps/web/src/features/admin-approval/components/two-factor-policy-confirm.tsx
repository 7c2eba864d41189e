import { Modal, ModalButtons } from '../../../ui/modal.tsx';

interface TwoFactorPolicyConfirmProps {
  open: boolean;
  /** Admins without it who have a session open, as last read (read again when the dialog opens). */
  signedInWithout: number | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** Whose sessions end now: how many, once the policy has been read. */
export function sessionsText(count: number | undefined): string {
  if (count === undefined) return 'Las sesiones abiertas de esos administradores se cerrarán ahora.';
  if (count === 0)
    return 'Ningún administrador sin ella tiene ahora una sesión abierta: no se cerrará ninguna.';
  return count === 1
    ? 'Se cerrará ahora la sesión abierta de 1 administrador sin ella.'
    : `Se cerrarán ahora las sesiones abiertas de ${count} administradores sin ella.`;
}

/**
 * Before requiring 2FA: it ends sessions at once, which cannot be undone by turning it off again.
 * The dialog closes on confirm, so the switch (its opener) keeps the focus while the change saves.
 */
export function TwoFactorPolicyConfirm({
  open,
  signedInWithout,
  onConfirm,
  onClose,
}: TwoFactorPolicyConfirmProps) {
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
        <li>{sessionsText(signedInWithout)}</li>
        <li>El cambio quedará registrado en la Auditoría.</li>
      </ul>
    </Modal>
  );
}
