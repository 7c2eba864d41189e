// The four bulk actions of SPEC §4, in the words the screen uses for them, and of their results.
import type { AdminBulkResultLine } from '@portal/contract/admin-registration';
import type { BulkAction } from '@portal/contract/enums';
import { actorName } from '../../lib/actor-name.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { displayMessage } from '../../lib/message-translator.ts';
import { statusLabel } from './admin-status.ts';

export const BULK_ACTION_COPY: Record<
  BulkAction,
  { verb: string; future: string; done: string; doneOne: string; consequence: string; destructive: boolean }
> = {
  activate: {
    verb: 'Activar',
    future: 'Se activarán',
    done: 'activados',
    doneOne: 'activado',
    consequence: 'Podrán iniciar sesión en el portal.',
    destructive: false,
  },
  deactivate: {
    verb: 'Desactivar',
    future: 'Se desactivarán',
    done: 'desactivados',
    doneOne: 'desactivado',
    consequence: 'No podrán iniciar sesión y sus sesiones abiertas se cerrarán.',
    destructive: false,
  },
  suspend: {
    verb: 'Suspender',
    future: 'Se suspenderán',
    done: 'suspendidos',
    doneOne: 'suspendido',
    consequence: 'No podrán iniciar sesión y sus sesiones abiertas se cerrarán.',
    destructive: false,
  },
  delete: {
    verb: 'Eliminar',
    future: 'Se eliminarán',
    done: 'eliminados',
    doneOne: 'eliminado',
    consequence: 'Sus cuentas se borrarán de forma permanente. Esta acción no se puede deshacer.',
    destructive: true,
  },
};

/** '1 administrador', '3 administradores'. */
export const adminCount = (count: number) => `${count} ${count === 1 ? 'administrador' : 'administradores'}`;

export function bulkOutcomeTitle(succeeded: number, total: number): string {
  if (succeeded === total) return `Listo: se aplicó a ${adminCount(total)}`;
  if (succeeded === 0)
    return total === 1
      ? 'No se aplicó al administrador seleccionado'
      : `No se aplicó a ninguno de los ${adminCount(total)}`;
  return `Se aplicó a ${succeeded} de ${adminCount(total)}`;
}

/**
 * The selection is kept across pages, searches and filters: the bar says how many of the selected
 * admins the list does not show now, so a bulk action never reads as if it were on the rows in view.
 */
export function hiddenSelectionNote(selected: number, hidden: number): string | null {
  if (hidden <= 0) return null;
  if (hidden >= selected)
    return selected === 1 ? 'No se muestra en la lista actual.' : 'Ninguno se muestra en la lista actual.';
  return `${hidden} ${hidden === 1 ? 'no se muestra' : 'no se muestran'} en la lista actual.`;
}

export const stillSelectedNote = (failed: number) =>
  failed === 1
    ? 'Falló 1 administrador; sigue seleccionado para volver a intentarlo.'
    : `Fallaron ${failed} administradores; siguen seleccionados para volver a intentarlo.`;

/**
 * Why an admin's line was not applied, in Spanish; a 412 says who changed the account, when, and its
 * status now: once read here, a retry is on the account as it is (the line's version).
 */
export function bulkFailureReason(line: AdminBulkResultLine): string {
  if (line.status === 412) {
    const when = line.changed_at ? ` el ${formatDateTime(line.changed_at)}` : '';
    const who = line.changed_by ? ` (la cambió ${actorName(line.changed_by)}${when})` : '';
    if (!line.access_status)
      return `No se aplicó: la cuenta cambió después de que la viera${who}. Revísela y vuelva a intentarlo.`;
    return `No se aplicó: la cuenta cambió después de que la viera${who} y su estado ahora es ${statusLabel(
      line.access_status,
    )}. Si vuelve a intentarlo, se aplicará a la cuenta como está ahora.`;
  }
  return line.message ? displayMessage(line.message) : 'No se pudo aplicar.';
}
