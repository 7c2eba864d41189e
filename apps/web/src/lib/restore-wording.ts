// The words of restoring many businesses from the trash (the directory's 'Deshacer' of a bulk
// deletion, the Papelera's 'Restaurar seleccionados'): the progress, what came back and, business by
// business, why the others could not.
import { failureText } from './failure-text.ts';
import { withHolder } from './restore-holder.ts';
import { formatCount } from './size-label.ts';

/** '1 negocio', '1,200 negocios'. */
export const negocios = (count: number) => `${formatCount(count)} ${count === 1 ? 'negocio' : 'negocios'}`;

export const RESTORE_FAILURES_LABEL = 'Negocios que no se restauraron';

export const restoringText = (done: number, total: number) =>
  `Restaurando ${formatCount(done)} de ${negocios(total)}…`;

export function restoreTitle(restored: number, total: number): string {
  if (restored === 0)
    return total === 1 ? 'No se restauró el negocio' : `No se restauró ninguno de los ${negocios(total)}`;
  const verb = restored === 1 ? 'Se restauró' : 'Se restauraron';
  return restored === total
    ? `${verb} ${negocios(total)}`
    : `${verb} ${formatCount(restored)} de ${negocios(total)}`;
}

/**
 * Where the ones that did not come back can be tried again: from the Papelera (after the directory's
 * 'Deshacer'), or from the selection they stay in (the Papelera's own).
 */
export type RetryFrom = 'trash' | 'selection';

const RETRY: Record<RetryFrom, { one: string; many: string }> = {
  trash: {
    one: 'puede volver a intentarlo desde la Papelera.',
    many: 'puede volver a intentarlo desde la Papelera.',
  },
  selection: {
    one: 'sigue seleccionado para volver a intentarlo.',
    many: 'siguen seleccionados para volver a intentarlo.',
  },
};

export function restoreNote(restored: number, total: number, retry: RetryFrom): string {
  if (restored === total)
    return total === 1
      ? 'Vuelve a estar en el directorio con todos sus datos.'
      : 'Vuelven a estar en el directorio con todos sus datos.';
  return total - restored === 1
    ? `Abajo se indica por qué no se pudo restaurar uno; ${RETRY[retry].one}`
    : `Abajo se indica, negocio por negocio, por qué no se pudieron restaurar; ${RETRY[retry].many}`;
}

/** Why one business was not restored, in Spanish; a restore without an answer may have happened. */
export function restoreFailureReason(error: unknown): string {
  return withHolder(failureText(error, 'No se pudo restaurar el negocio.', 'restore'), error);
}
