import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { withHolder } from '../../../lib/restore-holder.ts';

export const TRASH_TEXTS = {
  title: 'Papelera',
  description: 'Negocios eliminados. Puede restaurarlos o eliminarlos definitivamente.',
  restored: (name: string) => `«${name}» se restauró con su historial, contenido y accesos.`,
  purged: (name: string) => `«${name}» se eliminó definitivamente.`,
  failed: 'No se pudo completar la acción.',
} as const;

/**
 * The server's message in Spanish (a 409 names the field another business took, and which business
 * has it now), or a generic one.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') return withHolder(error.message, error);
  return displayMessage(TRASH_TEXTS.failed);
}
