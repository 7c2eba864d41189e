// A registry number the master's lookup did not find: is the business in the trash? Loaded only then
// (the trash's call brings the contract's zod schemas).
import type { ReactNode } from 'react';
import { useTrashedBusiness } from '../../../lib/use-trashed-business.ts';
import { BusinessInTrash, ViewInTrashLink } from '../../../ui/business-in-trash.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';

interface TrashedLookupProps {
  registry: string;
  /** What an unknown registry number shows. */
  notFound: ReactNode;
}

export default function TrashedLookup({ registry, notFound }: TrashedLookupProps) {
  const trash = useTrashedBusiness(registry);
  if (trash.isPending) return <LoadingState label="Buscando en la papelera..." />;
  if (trash.data) {
    return (
      <BusinessInTrash
        business={trash.data}
        note="Puede restaurarlo con todo su contenido desde la Papelera."
        action={<ViewInTrashLink registry={registry} />}
      />
    );
  }
  return (
    <div className="space-y-4">
      {notFound}
      {trash.isError ? <QueryError query={trash} title="No se pudo consultar la papelera" /> : null}
    </div>
  );
}
