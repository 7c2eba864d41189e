import { ShieldCheck } from 'lucide-react';
import { Button } from '../../button.tsx';
import type { useCreateDefaultAccess } from './use-access-mutations.ts';

interface MissingMasterAccessProps {
  /** Only a master may create the master record. */
  canCreate: boolean;
  create: ReturnType<typeof useCreateDefaultAccess>;
}

/** The master section's heading, on its card or on the place the card would take. */
export function MasterAccessHeading() {
  return (
    <h3 id="access-master-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
      <ShieldCheck className="size-5 text-red-700" aria-hidden="true" />
      Control de Acceso Maestro
    </h3>
  );
}

/** The master card's place when the business has admin records but no master record. */
export function MissingMasterAccess({ canCreate, create }: MissingMasterAccessProps) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="space-y-0.5">
        <MasterAccessHeading />
        <p className="text-sm text-slate-600">Este negocio no tiene Control de Acceso Maestro.</p>
      </div>
      {canCreate ? (
        <Button
          variant="master"
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          loading={create.isPending}
          onClick={() => create.mutate(true)}
        >
          Crear Acceso Maestro
        </Button>
      ) : null}
    </div>
  );
}
