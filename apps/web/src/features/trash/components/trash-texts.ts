import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';

export const TRASH_TEXTS = {
  title: 'Papelera',
  description: 'Negocios eliminados. Puede restaurarlos o eliminarlos definitivamente.',
  restored: (name: string) => `«${name}» se restauró con su historial, contenido y accesos.`,
  purged: (name: string) => `«${name}» se eliminó definitivamente.`,
  failed: 'No se pudo completar la acción.',
} as const;

interface Holder {
  business_registry_number: string;
  business_name: string;
}

/** The business a restore's 409 names as holding the email, phone or registry number. */
function holderOf(body: unknown): Holder | null {
  const holder = (body as { holder?: Partial<Holder> } | null)?.holder;
  return typeof holder?.business_registry_number === 'string' && typeof holder.business_name === 'string'
    ? (holder as Holder)
    : null;
}

/**
 * The server's message in Spanish (a 409 names the field another business took, and which business
 * has it now), or a generic one.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') {
    const holder = holderOf(error.body);
    if (!holder) return error.message;
    return `${error.message} Lo tiene «${holder.business_name}» (${holder.business_registry_number}).`;
  }
  return displayMessage(TRASH_TEXTS.failed);
}
