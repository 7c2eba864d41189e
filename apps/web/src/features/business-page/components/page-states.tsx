import { ArrowLeft, SearchX, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn, focusRing } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';

const backStyle = cn(
  'inline-flex items-center gap-1.5 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700',
  focusRing,
);

function BackToDirectory() {
  return (
    <Link to="/admin-dashboard" className={backStyle}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Volver al directorio
    </Link>
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

/** After 'Eliminar' succeeded: the business is gone. */
export function BusinessDeleted({ name, registry }: { name: string; registry: string }) {
  return (
    <EmptyState
      icon={<Trash2 className="size-6" />}
      title="Negocio eliminado"
      description={`${name} (${registry}) y todos sus datos asociados fueron eliminados.`}
      action={<BackToDirectory />}
    />
  );
}
