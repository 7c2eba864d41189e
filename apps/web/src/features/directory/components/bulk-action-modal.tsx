// The confirmation of a bulk action, naming the count; then its progress, then what
// happened: how many it applied to and, row by row, the ones that failed and why.
import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { CheckCircle2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { Banner } from '../../../ui/banner.tsx';
import { CategoryCombobox } from '../../../ui/category-combobox.tsx';
import { Field, TextInput } from '../../../ui/field.tsx';
import { Modal, ModalButtons, ModalCloseButton } from '../../../ui/modal.tsx';
import { type BulkKind, type BulkOutcome, useBulkAction } from '../api/use-bulk-action.ts';
import { versionsOf } from '../api/use-directory-cache.ts';
import {
  BULK_TITLES,
  confirmText,
  failedNote,
  failureReason,
  negocios,
  outcomeTitle,
} from '../bulk-wording.ts';
import { formatCount } from '../directory-wording.ts';

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
  return (
    <Modal
      open
      onClose={onClose}
      busy={run.isPending}
      size={outcome && outcome.failed > 0 ? 'lg' : 'md'}
      title={`${BULK_TITLES[kind]}: ${negocios(count)}`}
      description={outcome ? undefined : confirmText(kind, count, ready ? category : undefined)}
      footer={
        outcome ? (
          <ModalCloseButton onClose={onClose} />
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
      {outcome ? (
        <BulkOutcomeView outcome={outcome} rows={rows} />
      ) : (
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
              <Banner tone="warning" title="Los negocios irán a la Papelera">
                Se eliminarán los negocios seleccionados y todos sus datos: productos, empleados, citas y
                demás información. Su historial de cambios se conserva y podrá restaurarlos desde la Papelera
                hasta que se eliminen definitivamente.
              </Banner>
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
      )}
    </Modal>
  );
}

function BulkOutcomeView({
  outcome,
  rows,
}: {
  outcome: BulkOutcome;
  rows: ReadonlyMap<string, BusinessRow | null>;
}) {
  const failures = outcome.results.filter((line) => line.status !== 200);
  const total = outcome.results.length;
  return (
    <div className="space-y-4">
      <Banner
        tone={outcome.failed === 0 ? 'success' : outcome.succeeded === 0 ? 'error' : 'warning'}
        title={outcomeTitle(outcome.succeeded, total)}
      >
        {outcome.failed === 0 ? (
          <span className="inline-flex items-center gap-1.5">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Todos los negocios seleccionados se actualizaron.
          </span>
        ) : (
          failedNote(outcome.results)
        )}
      </Banner>
      {failures.length > 0 ? (
        <section aria-label="Negocios que fallaron" className="rounded-lg border border-slate-200">
          <h3 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-700">
            Negocios que fallaron
          </h3>
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm">
            {failures.map((line) => {
              const row = rows.get(line.business_registry_number);
              return (
                <li key={line.business_registry_number} className="px-3 py-2">
                  <p className="font-medium break-words text-slate-900">
                    {row?.business_name ?? line.business_registry_number}
                    {row ? (
                      <span className="ml-2 font-mono text-xs text-slate-500">
                        {line.business_registry_number}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-red-700">{failureReason(line)}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
