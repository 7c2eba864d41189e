// The words of the bulk actions, in one place for the bar, the modal and the tests.
import type { BulkResultLine } from '@portal/contract/business-bulk';
import { actorName } from '../../lib/actor-name.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { displayMessage } from '../../lib/message-translator.ts';
import type { BulkKind } from './api/use-bulk-action.ts';
import { formatCount } from './directory-wording.ts';

export const negocios = (count: number) => `${formatCount(count)} ${count === 1 ? 'negocio' : 'negocios'}`;

export const selectedLabel = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'negocio seleccionado' : 'negocios seleccionados'}`;

/**
 * The dialog's title, one pattern for every action: what it will do to how many while it asks
 * ('Eliminar 2 negocios', 'Cambiar la categoría de 3 negocios'), then, once it has run, the
 * action's name ('Eliminación de 2 negocios'), and after 'Deshacer' the restoration's.
 */
const TITLES: Record<BulkKind, { ask: string; done: string }> = {
  verify_email: { ask: 'Verificar el email de', done: 'Verificación del email de' },
  verify_phone: { ask: 'Verificar el teléfono de', done: 'Verificación del teléfono de' },
  category: { ask: 'Cambiar la categoría de', done: 'Cambio de categoría de' },
  delete: { ask: 'Eliminar', done: 'Eliminación de' },
};

export function bulkTitle(kind: BulkKind, count: number, phase: 'ask' | 'done' | 'undone' = 'ask'): string {
  if (phase === 'undone') return `Restauración de ${negocios(count)}`;
  return `${TITLES[kind][phase]} ${negocios(count)}`;
}

/** The confirmation's sentence, naming the count. */
export function confirmText(kind: BulkKind, count: number, category?: string): string {
  const many = negocios(count);
  const one = count === 1;
  switch (kind) {
    case 'verify_email':
      return `Se marcará el email como verificado en ${many}.`;
    case 'verify_phone':
      return `Se marcará el teléfono como verificado en ${many}.`;
    case 'category':
      return category
        ? `Se cambiará la categoría de ${many} a «${category}».`
        : one
          ? 'Elija la categoría que tendrá el negocio.'
          : `Elija la categoría que tendrán los ${many}.`;
    case 'delete':
      return one
        ? 'Se eliminará 1 negocio con todos sus datos; podrá restaurarlo desde la Papelera.'
        : `Se eliminarán ${many} con todos sus datos; podrá restaurarlos desde la Papelera.`;
  }
}

/** The list of the businesses a deletion's confirmation names. */
export const DELETED_LIST_LABEL = 'Negocios que se eliminarán';

/** What an action did, said of the businesses it was applied to. */
const DONE: Record<Exclude<BulkKind, 'delete'>, { done: string; notDone: string; now: string }> = {
  verify_email: { done: 'Email verificado', notDone: 'verificó el email', now: 'el email verificado' },
  verify_phone: {
    done: 'Teléfono verificado',
    notDone: 'verificó el teléfono',
    now: 'el teléfono verificado',
  },
  category: { done: 'Categoría cambiada', notDone: 'cambió la categoría', now: 'la categoría' },
};

/** A deletion sends the businesses to the Papelera: its outcome says so. */
function deletionTitle(succeeded: number, total: number): string {
  if (succeeded === 0)
    return total === 1 ? 'No se eliminó el negocio' : `No se eliminó ninguno de los ${negocios(total)}`;
  const sent = succeeded === 1 ? 'Se envió' : 'Se enviaron';
  const which = succeeded === total ? negocios(total) : `${formatCount(succeeded)} de ${negocios(total)}`;
  return `${sent} ${which} a la Papelera`;
}

/** The outcome's title: what the action did, in its own words, to how many of the businesses. */
export function outcomeTitle(kind: BulkKind, succeeded: number, total: number): string {
  if (kind === 'delete') return deletionTitle(succeeded, total);
  const words = DONE[kind];
  if (succeeded === total) return `${words.done} en ${negocios(total)}`;
  if (succeeded === 0)
    return `No se ${words.notDone} ${total === 1 ? 'del negocio' : `de ninguno de los ${negocios(total)}`}`;
  return `${words.done} en ${formatCount(succeeded)} de ${negocios(total)}`;
}

/** Where the businesses a deletion sent to the Papelera can be brought back from. */
export const trashNote = (sent: number): string =>
  sent === 1
    ? 'El negocio eliminado puede restaurarse desde la Papelera, o ahora mismo con «Deshacer».'
    : 'Los negocios eliminados pueden restaurarse desde la Papelera, o ahora mismo con «Deshacer».';

/** Below the title when every business was done: what they are like now. */
export function doneNote(kind: BulkKind, count: number, category?: string): string {
  if (kind === 'delete') return trashNote(count);
  const which = count === 1 ? 'El negocio seleccionado tiene' : 'Los negocios seleccionados tienen';
  const now = kind === 'category' ? `${DONE.category.now} «${category ?? ''}»` : DONE[kind].now;
  return `${which} ahora ${now}.`;
}

const BY_STATUS: Record<number, string> = {
  403: 'No tiene permiso para esta acción.',
  404: 'Este negocio ya no existe (se eliminó o está en la Papelera); se quitó de la selección.',
  409: 'Conflicto con otro negocio: los datos ya existen.',
  503: 'No se aplicó: la base de datos no respondió. Inténtelo de nuevo.',
};

/** A business changed by someone else after the person saw it: who and when, when known. */
function changedText(line: BulkResultLine): string {
  const when = line.changed_at ? ` el ${formatDateTime(line.changed_at)}` : '';
  const who = line.changed_by ? ` (lo cambió ${actorName(line.changed_by)}${when})` : '';
  return `No se aplicó: el negocio cambió después de que lo viera${who}. Revíselo y vuelva a intentarlo.`;
}

/** Why a line failed, in Spanish: the server's message through the table, or its status's text. */
export function failureReason(line: BulkResultLine): string {
  if (line.status === 412) return changedText(line);
  // The server's 404 says only 'Resource not found'.
  if (line.status === 404) return BY_STATUS[404] as string;
  if (line.message) {
    const spanish = displayMessage(line.message);
    if (spanish !== line.message || line.status === 0) return spanish;
  }
  return BY_STATUS[line.status] ?? 'No se pudo aplicar.';
}

/** A business that no longer exists cannot be tried again: it leaves the selection with those applied. */
export const leavesSelection = (line: BulkResultLine): boolean => line.status === 200 || line.status === 404;

/** Below the outcome's title: how many failed, and that those that can be tried again stay selected. */
export function failedNote(results: readonly BulkResultLine[]): string {
  const failed = results.filter((line) => line.status !== 200);
  const kept = failed.filter((line) => !leavesSelection(line)).length;
  const count = failed.length === 1 ? 'Falló 1 negocio' : `Fallaron ${formatCount(failed.length)} negocios`;
  if (kept === failed.length) return `${count}; siguen seleccionados para volver a intentarlo.`;
  if (kept === 0) return `${count}: ${failed.length === 1 ? 'ya no existe' : 'ya no existen'}.`;
  return `${count}; los que aún existen siguen seleccionados para volver a intentarlo.`;
}
