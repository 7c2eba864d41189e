// The four bulk actions of SPEC §4, in the words the screen uses for them.
import type { BulkAction } from '@portal/contract/enums';

export const BULK_ACTION_COPY: Record<
  BulkAction,
  { verb: string; future: string; done: string; consequence: string; destructive: boolean }
> = {
  activate: {
    verb: 'Activar',
    future: 'Se activarán',
    done: 'activados',
    consequence: 'Podrán iniciar sesión en el portal.',
    destructive: false,
  },
  deactivate: {
    verb: 'Desactivar',
    future: 'Se desactivarán',
    done: 'desactivados',
    consequence: 'No podrán iniciar sesión y sus sesiones abiertas se cerrarán.',
    destructive: false,
  },
  suspend: {
    verb: 'Suspender',
    future: 'Se suspenderán',
    done: 'suspendidos',
    consequence: 'No podrán iniciar sesión y sus sesiones abiertas se cerrarán.',
    destructive: false,
  },
  delete: {
    verb: 'Eliminar',
    future: 'Se eliminarán',
    done: 'eliminados',
    consequence: 'Sus cuentas se borrarán de forma permanente. Esta acción no se puede deshacer.',
    destructive: true,
  },
};

/** '1 administrador', '3 administradores'. */
export const adminCount = (count: number) => `${count} ${count === 1 ? 'administrador' : 'administradores'}`;
