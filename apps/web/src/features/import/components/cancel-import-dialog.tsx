import { IMPORT_MSG } from '@portal/contract/business-import';
import { XCircle } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useImportMutations } from '../api/use-business-import.ts';

interface CancelImportDialogProps {
  record: ImportRecord;
  open: boolean;
  onClose: () => void;
  /** Takes the focus when the dialog closes and the button that opened it is gone. */
  focusFallback: RefObject<HTMLElement | null>;
}

/** The import ended meanwhile: cancelled in another tab, most likely. */
const endedMeanwhile = (error: Error | null) =>
  error instanceof ApiError && error.serverMessage === IMPORT_MSG.cancelFinished;

/** What the dialog says when the cancel was refused, or why it is no longer needed. */
function CancelRefused({ error }: { error: Error }) {
  // The screen shows how it ended once it has read the import again.
  if (endedMeanwhile(error)) {
    return (
      <Banner tone="warning" title="La importación ya terminó">
        Quizá se canceló en otra pestaña o acabó mientras tanto: ya no hay nada que cancelar.
      </Banner>
    );
  }
  return (
    <Banner tone="error" title="No se pudo cancelar la importación">
      {displayMessage(error.message)}
    </Banner>
  );
}

/**
 * Confirms 'Cancelar importación'. A running import keeps what its batches applied and stops
 * after the batch in progress; a queued one applies nothing. The dismiss button is not
 * 'Cancelar', which would read as the action itself.
 */
export function CancelImportDialog({ record, open, onClose, focusFallback }: CancelImportDialogProps) {
  const { cancel } = useImportMutations();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };
  const confirm = () =>
    cancel.mutate(record.import_id, {
      onSuccess: () => {
        cancel.reset();
        onClose();
      },
    });
  const queued = record.status === 'queued';
  // Nothing left to cancel: only 'Aceptar', which takes the focus from the button that went away.
  const ended = endedMeanwhile(cancel.error);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ended) closeButton.current?.focus();
  }, [ended]);
  return (
    <Modal
      open={open}
      onClose={close}
      busy={cancel.isPending}
      focusFallback={focusFallback}
      title="Cancelar importación"
      description={
        queued
          ? 'La importación aún no ha empezado: no se aplicará ninguna fila.'
          : 'La importación se detendrá al terminar el lote de filas en curso.'
      }
      footer={
        ended ? (
          <Button ref={closeButton} variant="secondary" onClick={close}>
            Aceptar
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              Seguir importando
            </Button>
            <Button
              variant="danger"
              onClick={confirm}
              loading={cancel.isPending}
              icon={<XCircle className="size-4" aria-hidden="true" />}
            >
              Cancelar importación
            </Button>
          </>
        )
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {queued ? null : <p>Los negocios que ya se crearon o actualizaron se quedan como están.</p>}
        <p>
          {queued
            ? 'El resultado por fila marcará todas sus filas como «No aplicado: importación cancelada».'
            : 'Las filas que falten no se aplicarán: el resultado por fila las marcará como «No aplicado: importación cancelada».'}
        </p>
        {record.cancel_requested && !cancel.isError ? (
          <Banner tone="info" title="Ya se pidió cancelarla">
            Quizá en otra pestaña: la importación se detendrá al terminar el lote de filas en curso.
          </Banner>
        ) : null}
        {cancel.isError ? <CancelRefused error={cancel.error} /> : null}
      </div>
    </Modal>
  );
}
