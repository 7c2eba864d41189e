// 'Aplicar mi cambio de todos modos' may meet yet another change: a new conflict notice replaces the
// one whose button was pressed, and that button leaves with it, dropping the focus to the page.
import { type RefObject, useEffect, useRef } from 'react';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';

/**
 * When one conflict replaces another and the focus was lost or is still inside `notice`, the new
 * notice's first button ('Recargar') takes it, once `busy` (a toggle being sent, which disables
 * 'Recargar') is over. A conflict opened from a switch leaves the focus on that switch.
 */
export function useFocusNewConflict(
  notice: RefObject<HTMLElement | null>,
  conflict: object | null,
  busy: boolean,
): void {
  const shown = useRef(conflict);
  useEffect(() => {
    if (busy || conflict === shown.current) return;
    const replaced = shown.current !== null && conflict !== null;
    shown.current = conflict;
    if (!replaced) return;
    const box = notice.current;
    if (!isFocusLost() && !box?.contains(document.activeElement)) return;
    box?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [notice, conflict, busy]);
}
