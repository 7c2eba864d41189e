// The conflict view leaves with the button just used ('Recargar', 'Aplicar mi cambio de todos
// modos'), which would drop the focus to the page's body: the switch the person tried takes it.
import type { AccessType } from '@portal/contract/enums';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { ACCESS_TOGGLES } from './access-rules.ts';

/**
 * Focuses one toggle's switch on a record's card (the cards list ACCESS_TOGGLES in order) when the
 * focus is lost or still inside `leaving`, the view about to go.
 */
export function focusToggle(
  panel: HTMLElement | null,
  leaving: HTMLElement | null,
  target: { accessId: number; type: AccessType },
): void {
  if (!isFocusLost() && !leaving?.contains(document.activeElement)) return;
  const index = ACCESS_TOGGLES.findIndex((toggle) => toggle.type === target.type);
  panel
    ?.querySelectorAll<HTMLElement>(`[data-access-id="${target.accessId}"] [role="switch"]`)
    [index]?.focus();
}
