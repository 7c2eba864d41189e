import { XCircle } from 'lucide-react';
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
  /** Told once the server took the cancel (the dialog is closed too). */
  onCancelled: () => void;
}

/**
 * Confirms 'Cancelar importación'. A running import keeps what its batches applied and stops
 * after the batch in progress; a queued one applies nothing. The dismiss button is not
 * 'Cancelar', which would read as the action itself.
 */
export function CancelImportDialog({ record, open, onClose, onCancelled }: CancelImportDialogProps) {
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
        onCancelled();
      },
    });
  const queued = record.status === 'queued';
  return (
    <Modal
      open={open}
      onClose={close}
      busy={cancel.isPending}
      title="Cancelar importación"
      description={
        queued
          ? 'La importación aún no ha empezado: no se aplicará ninguna fila.'
          : 'La importación se detendrá al terminar el lote de filas en curso.'
      }
      footer={
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
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {queued ? null : <p>Los negocios que ya se crearon o actualizaron se quedan como están.</p>}
        <p>
          {queued
            ? 'El resultado por fila marcará todas sus filas como «No aplicado: importación cancelada».'
            : 'Las filas que falten no se aplicarán: el resultado por fila las marcará como «No aplicado: importación cancelada».'}
        </p>
        {cancel.isError ? (
          <Banner tone="error" title="No se pudo cancelar la importación">
            {displayMessage(cancel.error.message)}
          </Banner>
        ) : null}
      </div>
    </Modal>
  );
}
