// The confirmation of a bulk action, naming the count; then its progress, then what
// happened: what it did to how many and, row by row, the ones that failed and why. A deletion's
// result offers 'Deshacer': the businesses it sent to the trash come back, and the result says which.
import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { useRestoreEach } from '../../../lib/restore-each.ts';
import { restoringText } from '../../../lib/restore-wording.ts';
import { Banner } from '../../../ui/banner.tsx';
import { BusinessNames } from '../../../ui/business-names.tsx';
import { Button } from '../../../ui/button.tsx';
import { CategoryCombobox } from '../../../ui/category-combobox.tsx';
import { Field, TextInput } from '../../../ui/field.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { RestoreOutcomeView } from '../../../ui/restore-outcome-view.tsx';
import { type BulkKind, type BulkOutcome, useBulkAction } from '../api/use-bulk-action.ts';
import { versionsOf } from '../api/use-directory-cache.ts';
import { UNDO_LABEL } from '../bulk-undo-wording.ts';
import { bulkTitle, confirmText, DELETED_LIST_LABEL, negocios } from '../bulk-wording.ts';
import { formatCount } from '../directory-wording.ts';
import { BulkOutcomeView } from './bulk-outcome-view.tsx';

interface BulkActionModalProps {
  kind: BulkKind;
  /**
   * The selection, each number with its row as the pages the portal read show it (null when none
   * did): the count, the versions sent (If-Match, line by line), the names of the lines that fail.
   */
  rows: ReadonlyMap<string, BusinessRow | null>;
  onFinished: (outcome: BulkOutcome) => void;
  onClose: () => void;
}

export function BulkActionModal({ kind, rows, onFinished, onClose }: BulkActionModalProps) {
  const id = useId();
  const run = useBulkAction();
  const undo = useRestoreEach();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [category, setCategory] = useState('');
  const [typed, setTyped] = useState('');
  const [categoryMissing, setCategoryMissing] = useState(false);
  const count = rows.size;
  const outcome = run.data;

  const ready =
    kind === 'delete'
      ? typed.trim() === String(count)
      : kind === 'category'
        ? (BUSINESS_CATEGORIES as readonly string[]).includes(category)
        : true;

  const submit = () => {
    if (run.isPending || outcome) return;
    if (kind === 'category' && !ready) {
      setCategoryMissing(true);
      return;
    }
    if (!ready) return;
    run.mutate(
      { kind, registries: [...rows.keys()], category, versions: versionsOf(rows) },
      { onSuccess: onFinished },
    );
  };

  const destructive = kind === 'delete';
  // What this deletion sent to the trash: what 'Deshacer' brings back, and nothing else.
  const sent =
    destructive && outcome
      ? outcome.results.filter((line) => line.status === 200).map((line) => line.business_registry_number)
      : [];
  const undone = undo.data;
  const busy = run.isPending || undo.isPending;
  // 'Deshacer' leaves once it has run: the focus goes to 'Cerrar', not back to the page.
  useEffect(() => {
    if (undone) closeButton.current?.focus();
  }, [undone]);
  const failed = undone ? undone.restored < undone.lines.length : (outcome?.failed ?? 0) > 0;
  // The verify actions ask nothing: no body between the sentence and the buttons, unless it says something.
  const hasForm = kind === 'category' || destructive || run.isPending || run.isError;

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      size={failed ? 'lg' : 'md'}
      title={
        undone
          ? bulkTitle(kind, undone.lines.length, 'undone')
          : bulkTitle(kind, count, outcome ? 'done' : 'ask')
      }
      description={outcome ? undefined : confirmText(kind, count, ready ? category : undefined)}
      footer={
        outcome ? (
          <>
            {sent.length > 0 && !undone ? (
              <Button
                variant="secondary"
                loading={undo.isPending}
                onClick={() => undo.mutate(sent)}
                icon={<Undo2 className="size-4" aria-hidden="true" />}
              >
                {UNDO_LABEL}
              </Button>
            ) : null}
            <Button ref={closeButton} variant="secondary" onClick={onClose} disabled={undo.isPending}>
              Cerrar
            </Button>
          </>
        ) : (
          <ModalButtons
            onCancel={onClose}
            busy={run.isPending}
            variant={destructive ? 'danger' : 'primary'}
            onClick={submit}
            disabled={destructive && !ready}
            icon={destructive ? <Trash2 className="size-4" aria-hidden="true" /> : undefined}
          >
            {destructive ? `Eliminar ${negocios(count)}` : `Aplicar a ${negocios(count)}`}
          </ModalButtons>
        )
      }
    >
      {undone ? (
        <RestoreOutcomeView outcome={undone} rows={rows} retry="trash" />
      ) : outcome ? (
        <div className="space-y-4">
          <BulkOutcomeView kind={kind} category={category} outcome={outcome} rows={rows} />
          {undo.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {restoringText(undo.done, sent.length)}
            </p>
          ) : null}
        </div>
      ) : hasForm ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {run.isError ? (
            <Banner tone="error" title="No se pudo aplicar la acción">
              {failureText(run.error, 'La solicitud no se pudo completar.')}
            </Banner>
          ) : null}
          {kind === 'category' ? (
            <Field
              id={`${id}-categoria`}
              label="Nueva categoría"
              required
              error={categoryMissing && !ready ? 'Debe seleccionar una categoría' : undefined}
            >
              <CategoryCombobox
                listInFlow
                id={`${id}-categoria`}
                value={category}
                onChange={(next) => {
                  setCategory(next);
                  setCategoryMissing(false);
                }}
                invalid={categoryMissing && !ready}
              />
            </Field>
          ) : null}
          {destructive ? (
            <>
              <BusinessNames label={DELETED_LIST_LABEL} rows={rows} />
              {count === 1 ? (
                <Banner tone="warning" title="El negocio irá a la Papelera">
                  Se eliminará el negocio y todos sus datos: productos, empleados, citas y demás información.
                  Su historial de cambios se conserva y podrá restaurarlo desde la Papelera hasta que se
                  elimine definitivamente.
                </Banner>
              ) : (
                <Banner tone="warning" title="Los negocios irán a la Papelera">
                  Se eliminarán los negocios seleccionados y todos sus datos: productos, empleados, citas y
                  demás información. Su historial de cambios se conserva y podrá restaurarlos desde la
                  Papelera hasta que se eliminen definitivamente.
                </Banner>
              )}
              <Field id={`${id}-confirmar`} label={`Escriba ${count} para confirmar`}>
                <TextInput
                  id={`${id}-confirmar`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </Field>
            </>
          ) : null}
          {run.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Procesando {formatCount(run.done)} de {negocios(count)}…
            </p>
          ) : null}
        </form>
      ) : null}
    </Modal>
  );
}
