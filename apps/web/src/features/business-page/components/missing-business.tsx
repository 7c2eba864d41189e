// A registry number the master's page did not find: is the business in the trash? Loaded only then
// (the trash's call brings the contract's zod schemas).

import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { useTrashedBusiness } from '../../../lib/use-trashed-business.ts';
import { BusinessInTrash as InTrash } from '../../../ui/business-in-trash.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { BusinessNotFound, TrashActions } from './page-states.tsx';

/** A deleted business waiting in the trash: where to restore it, and its history, still readable. */
function BusinessInTrash({ business }: { business: TrashedBusiness }) {
  const registry = business.business_registry_number;
  return (
    <>
      <InTrash
        business={business}
        note="Puede restaurarlo desde la Papelera; su historial de cambios sigue disponible aquí."
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
