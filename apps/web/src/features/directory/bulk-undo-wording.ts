// The words of 'Deshacer' after a bulk deletion: its progress, what it brought back and, business by
// business, why the others could not be restored.
import { failureText } from '../../lib/failure-text.ts';
import { withHolder } from '../../lib/restore-holder.ts';
import { negocios } from './bulk-wording.ts';
import { formatCount } from './directory-wording.ts';

export const UNDO_LABEL = 'Deshacer';
export const UNDO_FAILURES_LABEL = 'Negocios que no se restauraron';

export const restoringText = (done: number, total: number) =>
  `Restaurando ${formatCount(done)} de ${negocios(total)}…`;

export function undoTitle(restored: number, total: number): string {
  if (restored === 0)
    return total === 1 ? 'No se restauró el negocio' : `No se restauró ninguno de los ${negocios(total)}`;
  const verb = restored === 1 ? 'Se restauró' : 'Se restauraron';
  return restored === total
    ? `${verb} ${negocios(total)}`
    : `${verb} ${formatCount(restored)} de ${negocios(total)}`;
}

export function undoNote(restored: number, total: number): string {
  if (restored === total)
    return total === 1
      ? 'Vuelve a estar en el directorio con todos sus datos.'
      : 'Vuelven a estar en el directorio con todos sus datos.';
  return total - restored === 1
    ? 'Abajo se indica por qué no se pudo restaurar uno; puede volver a intentarlo desde la Papelera.'
    : 'Abajo se indica, negocio por negocio, por qué no se pudieron restaurar; puede volver a intentarlo desde la Papelera.';
}

/** Why one business was not restored, in Spanish; a restore without an answer may have happened. */
export function restoreFailureReason(error: unknown): string {
  return withHolder(failureText(error, 'No se pudo restaurar el negocio.', 'restore'), error);
}
