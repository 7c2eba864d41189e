import { useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { Banner } from '../../banner.tsx';
import { Modal, ModalButtons } from '../../modal.tsx';

interface DisableAccessModalProps {
  /** What is being disabled, e.g. 'PRODUCTOS', and on whose card. */
  target: { label: string; owner: string } | null;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** SPEC §2: disabling needs 'Confirmar Desactivación'; the change is logged. */
export function DisableAccessModal({ target, onConfirm, onClose }: DisableAccessModalProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'No se pudo desactivar el acceso.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      onClose={close}
      busy={saving}
      title="Confirmar Desactivación"
      description={target ? `Se desactivará ${target.label} en ${target.owner}.` : undefined}
      size="sm"
      footer={
        <ModalButtons onCancel={close} busy={saving} variant="danger" onClick={confirm}>
          Desactivar
        </ModalButtons>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Esta acción quedará registrada en el Historial de Cambios de Acceso, con su usuario, la fecha y la
          dirección IP.
        </p>
        {error ? <Banner tone="error">{error}</Banner> : null}
      </div>
    </Modal>
  );
}
