// A button is disabled while it works, and a screen's step or card may replace the control just
// used: either leaves the focus on the page's body, and a keyboard user starts again from the top
// of the page. These give it back, only when nothing else has it.
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Whether the focus fell to the page's body (or nowhere), or is on a control that turned disabled:
 * Chromium drops that one's focus only at its next layout, after a quick request has already ended.
 */
export const isFocusLost = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || (active as HTMLButtonElement).disabled === true;
};

/**
 * Focuses `target` (a heading with tabIndex -1, or the field to try again) when it appears and each
 * time `when` turns true, if the focus was lost.
 */
export function useFocusIfLost(target: RefObject<HTMLElement | null>, when = true): void {
  useEffect(() => {
    if (when && isFocusLost()) target.current?.focus();
  }, [target, when]);
}

/**
 * Gives the focus back to the button pressed (remembered by the returned handler) once `busy` is
 * over, if nothing else took it: the button is enabled again, and still there.
 */
export function useFocusBack(busy: boolean): (event: { currentTarget: HTMLElement }) => void {
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const button = pressed.current;
    pressed.current = null;
    if (button?.isConnected && isFocusLost()) button.focus();
  }, [busy]);
  return useCallback((event) => {
    pressed.current = event.currentTarget;
  }, []);
}
