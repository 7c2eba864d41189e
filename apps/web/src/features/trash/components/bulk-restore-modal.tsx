// 'Restaurar seleccionados': the dialog names the businesses, then restores them one by one with the
// trash's own restore (lib/restore-each.ts, a few at a time, each whole or not at all); it cannot be
// closed while it runs, and then says how many came back and, business by business, why the others
// did not. Those that came back leave the selection; the others stay selected, to try again.
import { RotateCcw } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { type RestoreOutcome, useRestoreEach } from '../../../lib/restore-each.ts';
import { restoringText } from '../../../lib/restore-wording.ts';
import { BusinessNames } from '../../../ui/business-names.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { RestoreOutcomeView } from '../../../ui/restore-outcome-view.tsx';
import { BULK_RESTORE_TEXTS as TEXTS } from './trash-texts.ts';

interface BulkRestoreModalProps {
  /** The selection as it was when the dialog opened: what it asks about and restores. */
  rows: ReadonlyMap<string, TrashedBusiness>;
  /** Once it has run: the registry numbers that came back. */
  onRestored: (registries: string[]) => void;
  onClose: () => void;
  /** Takes the focus at close when the button that opened it is gone (nothing left selected). */
  focusFallback: RefObject<HTMLElement | null>;
}

export function BulkRestoreModal({ rows, onRestored, onClose, focusFallback }: BulkRestoreModalProps) {
  const restore = useRestoreEach();
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = rows.size;
  const outcome: RestoreOutcome | undefined = restore.data;
  // Once it has run, the focus goes to 'Cerrar', where the result is read from.
  useEffect(() => {
    if (outcome) closeButton.current?.focus();
  }, [outcome]);

  const submit = () => {
    if (restore.isPending || outcome) return;
    restore.mutate([...rows.keys()], {
      onSuccess: (done) =>
        onRestored(done.lines.filter((line) => line.restored).map((line) => line.registry)),
    });
  };

  const failed = outcome ? outcome.restored < outcome.lines.length : false;
  return (
    <Modal
      open
      onClose={onClose}
      busy={restore.isPending}
      size={failed ? 'lg' : 'md'}
      focusFallback={focusFallback}
      title={outcome ? TEXTS.doneTitle(count) : TEXTS.askTitle(count)}
      description={outcome ? undefined : TEXTS.confirm(count)}
      footer={
        outcome ? (
          <Button ref={closeButton} variant="secondary" onClick={onClose}>
            Cerrar
          </Button>
        ) : (
          <ModalButtons
            onCancel={onClose}
            busy={restore.isPending}
            onClick={submit}
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
          >
            {TEXTS.askTitle(count)}
          </ModalButtons>
        )
      }
    >
      {outcome ? (
        <RestoreOutcomeView outcome={outcome} rows={rows} retry="selection" />
      ) : (
        <div className="space-y-4">
          <BusinessNames label={TEXTS.namesLabel} rows={rows} />
          <p role="status" className="text-sm text-slate-600 empty:hidden">
            {restore.isPending ? restoringText(restore.done, count) : null}
          </p>
        </div>
      )}
    </Modal>
  );
}
