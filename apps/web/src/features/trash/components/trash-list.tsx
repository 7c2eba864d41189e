// The trashed businesses: a table from 768 px, cards below (ui/responsive-table.tsx). Name and
// registry number open the business page, which shows a trashed business too.
import { RotateCcw, Trash2 } from 'lucide-react';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { EmailText } from '../../../ui/business/email-text.tsx';
import { BusinessLink } from '../../../ui/business-link.tsx';
import { Button } from '../../../ui/button.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SelectCheckbox } from '../../../ui/select-checkbox.tsx';
import type { TrashSelection } from '../use-trash-selection.ts';
import { BULK_RESTORE_TEXTS } from './trash-texts.ts';

interface TrashListProps {
  rows: TrashedBusiness[];
  /** The registry number being restored, if any (its button spins). */
  restoring: string | null;
  onRestore: (business: TrashedBusiness) => void;
  onPurge: (business: TrashedBusiness) => void;
  /** 'Restaurar seleccionados': a checkbox heads each business. */
  selection?: TrashSelection;
}

export function TrashList({ rows, restoring, onRestore, onPurge, selection }: TrashListProps) {
  // The table and then the cards are built (one of them hidden), each cell in row order: the first
  // rows.length checkboxes are the table's, the rest the cards', each with its own id.
  let built = 0;
  const columns: ResponsiveColumn<TrashedBusiness>[] = [
    {
      id: 'business',
      header: 'Negocio',
      cell: (row) => (
        <div className="flex items-start gap-2">
          {selection ? (
            <div className="-my-2 -ml-2.5 shrink-0">
              <SelectCheckbox
                id={`papelera-${built++ < rows.length ? 'fila' : 'tarjeta'}-${row.business_registry_number}`}
                label={BULK_RESTORE_TEXTS.selectOne(row.business_name)}
                checked={selection.has(row.business_registry_number)}
                onChange={() => selection.toggle(row)}
              />
            </div>
          ) : null}
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">
              <BusinessLink registry={row.business_registry_number}>{row.business_name}</BusinessLink>
            </p>
            <p className="font-mono text-xs text-slate-600">
              <BusinessLink registry={row.business_registry_number} tabIndex={-1} />
            </p>
          </div>
        </div>
      ),
    },
    { id: 'email', header: 'Email', cell: (row) => <EmailText email={row.business_email} /> },
    {
      id: 'deleted',
      header: 'Eliminado',
      cell: (row) => (
        <span title={formatDateTime(row.deleted_at)}>
          {relativeTime(row.deleted_at)} · {actorName(row.deleted_by)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Acciones',
      className: 'md:text-right',
      cell: (row) => (
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button
            variant="secondary"
            size="sm"
            className="h-10"
            aria-label={`Restaurar ${row.business_name}`}
            loading={restoring === row.business_registry_number}
            disabled={restoring !== null}
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
            onClick={() => onRestore(row)}
          >
            Restaurar
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="h-10 text-red-700 hover:bg-red-50 hover:text-red-800"
            aria-label={`Eliminar definitivamente ${row.business_name}`}
            disabled={restoring !== null}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={() => onPurge(row)}
          >
            Eliminar definitivamente
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label="Negocios en la papelera"
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.business_registry_number}:${row.deleted_at}`}
    />
  );
}
