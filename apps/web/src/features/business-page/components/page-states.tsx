import { ArrowLeft, SearchX, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ViewInTrashLink } from '../../../ui/business-in-trash.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';

const linkStyle = cn(
  'inline-flex h-10 items-center gap-1.5 rounded-md px-4 text-sm font-medium shadow-sm',
  focusRing,
);
const primaryStyle = cn(linkStyle, 'bg-blue-600 text-white hover:bg-blue-700');
const secondaryStyle = cn(linkStyle, 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50');

function BackToDirectory({ secondary = false }: { secondary?: boolean }) {
  return (
    <Link to="/admin-dashboard" className={secondary ? secondaryStyle : primaryStyle}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Volver al directorio
    </Link>
  );
}

/** 'Ver en la Papelera', where the master restores it, and the way back. */
export function TrashActions({ registry }: { registry: string }) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <ViewInTrashLink registry={registry} />
      <BackToDirectory secondary />
    </div>
  );
}

/** An unknown registry number (the server answered 404). */
export function BusinessNotFound({ registry }: { registry: string }) {
  return (
    <EmptyState
      icon={<SearchX className="size-6" />}
      title="Negocio no encontrado"
      description={`No hay ningún negocio con el número de registro "${registry}".`}
      action={<BackToDirectory />}
    />
  );
}

/** After 'Eliminar' succeeded: the business is in the trash (only the master deletes). */
export function BusinessDeleted({ name, registry }: { name: string; registry: string }) {
  return (
    <EmptyState
      icon={<Trash2 className="size-6" />}
      title="Negocio eliminado"
      description={`${name} (${registry}) y todos sus datos asociados salieron del directorio. Podrá restaurarlo desde la Papelera.`}
      action={<TrashActions registry={registry} />}
    />
  );
}
