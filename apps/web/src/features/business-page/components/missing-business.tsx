// A registry number the master's page did not find: is the business in the trash? Loaded only then
// (the trash's call brings the contract's zod schemas).

import { Trash2 } from 'lucide-react';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useTrashedBusiness } from '../api/use-trashed-business.ts';
import { HistoryPanel } from './history-panel.tsx';
import { BusinessNotFound, TrashActions } from './page-states.tsx';

/** A deleted business waiting in the trash: where to restore it, and its history, still readable. */
function BusinessInTrash({ business }: { business: TrashedBusiness }) {
  const registry = business.business_registry_number;
  const deletedAt = business.deleted_at;
  return (
    <>
      <EmptyState
        icon={<Trash2 className="size-6" />}
        title="Este negocio está en la papelera"
        description={
          <>
            «{business.business_name}» ({registry}) fue eliminado. Puede restaurarlo desde la Papelera; su
            historial de cambios sigue disponible aquí.
            <span className="mt-2 block">
              Eliminado por {business.deleted_by} el{' '}
              <time dateTime={deletedAt}>{formatDateTime(deletedAt)}</time>
              {` (${relativeTime(deletedAt)}).`}
            </span>
          </>
        }
        action={<TrashActions registry={registry} />}
      />
      <HistoryPanel registry={registry} />
    </>
  );
}

/** The master's page found no business: it may be in the trash; otherwise it is unknown. */
export default function MissingBusiness({ registry }: { registry: string }) {
  const trash = useTrashedBusiness(registry);
  if (trash.isPending) return <LoadingState label="Buscando en la papelera..." />;
  if (trash.isError) return <QueryError query={trash} title="No se pudo consultar la papelera" />;
  return trash.data ? <BusinessInTrash business={trash.data} /> : <BusinessNotFound registry={registry} />;
}
