import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { withHolder } from '../../../lib/restore-holder.ts';
import { negocios } from '../../../lib/restore-wording.ts';
import { formatCount } from '../../../lib/size-label.ts';

export const TRASH_TEXTS = {
  title: 'Papelera',
  description: 'Negocios eliminados. Puede restaurarlos o eliminarlos definitivamente.',
  restored: (name: string) => `«${name}» se restauró con su historial, contenido y accesos.`,
  purged: (name: string) => `«${name}» se eliminó definitivamente.`,
  failed: 'No se pudo completar la acción.',
} as const;

/** 'Restaurar seleccionados': the bar, then the dialog that asks, runs and says what it did. */
export const BULK_RESTORE_TEXTS = {
  bar: 'Acciones sobre la selección',
  selectPage: 'Seleccionar los negocios de esta página',
  clear: 'Quitar selección',
  restore: 'Restaurar seleccionados',
  namesLabel: 'Negocios que se restaurarán',
  selected: (count: number) =>
    `${formatCount(count)} ${count === 1 ? 'negocio seleccionado' : 'negocios seleccionados'}`,
  selectOne: (name: string) => `Seleccionar ${name}`,
  askTitle: (count: number) => `Restaurar ${negocios(count)}`,
  doneTitle: (count: number) => `Restauración de ${negocios(count)}`,
  confirm: (count: number) =>
    count === 1
      ? 'Volverá al directorio con su historial, contenido y accesos.'
      : 'Volverán al directorio con su historial, contenido y accesos. Cada uno se restaura por separado: si alguno no puede volver, se indicará por qué.',
} as const;

/**
 * The server's message in Spanish (a 409 names the field another business took, and which business
 * has it now), or a generic one.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') return withHolder(error.message, error);
  return displayMessage(TRASH_TEXTS.failed);
}
