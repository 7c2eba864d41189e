import type { RefObject } from 'react';
import { toast } from 'sonner';
import { formatCount } from '../../../lib/size-label.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { useEndOtherSessions } from '../api/use-my-sessions.ts';

interface EndOtherSessionsModalProps {
  open: boolean;
  /** The other sessions the list shows; undefined while it has not loaded. */
  count: number | undefined;
  onClose: () => void;
  /** Takes the focus at close if 'Cerrar las demás' cannot (nothing left to close). */
  focusFallback: RefObject<HTMLElement | null>;
}

const endingText = (count: number | undefined) => {
  if (count === undefined) return 'Se cerrarán todas sus sesiones en otros dispositivos.';
  if (count === 1) return 'Se cerrará 1 sesión en otro dispositivo.';
  return `Se cerrarán ${formatCount(count)} sesiones en otros dispositivos.`;
};

const endedText = (count: number) =>
  count === 0
    ? 'No había otras sesiones abiertas.'
    : `${count === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${formatCount(count)} sesiones`} en otros dispositivos.`;

/** Confirms 'Cerrar las demás': it signs the person out on every other device at once. */
export function EndOtherSessionsModal({ open, count, onClose, focusFallback }: EndOtherSessionsModalProps) {
  const endOthers = useEndOtherSessions();
  const close = () => {
    endOthers.reset();
    onClose();
  };
  const confirm = () =>
    endOthers.mutate(undefined, {
      onSuccess: (ended) => {
        toast.success(endedText(ended));
        close();
      },
    });

  return (
    <Modal
      open={open}
      onClose={close}
      busy={endOthers.isPending}
      title="Cerrar las demás sesiones"
      description={endingText(count)}
      size="sm"
      focusFallback={focusFallback}
      footer={
        <ModalButtons onCancel={close} busy={endOthers.isPending} variant="danger" onClick={confirm}>
          Cerrar sesiones
        </ModalButtons>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Para volver a entrar desde otro dispositivo habrá que iniciar sesión de nuevo. Esta sesión seguirá
          abierta.
        </p>
        {endOthers.isError ? (
          <Banner tone="error">No se pudieron cerrar las demás sesiones: {endOthers.error.message}</Banner>
        ) : null}
      </div>
    </Modal>
  );
}
