// A control disabled while its screen works, or a step or card that replaces the control just used,
// leaves the focus on the page's body, and a keyboard user starts again from the top of the page.
// These give it back, only when nothing else has it.
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Whether the focus fell to the page's body (or nowhere), or is on a control that turned disabled:
 * Chromium drops that one's focus only at its next layout, after a quick request has already ended.
 * Also when it is still on `from`: the busy button that asked keeps it (aria-disabled) until the
 * answer, which may have its own place to take it.
 */
export const isFocusLost = (from?: HTMLElement | null): boolean => {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    (active as HTMLButtonElement).disabled === true ||
    (from != null && active === from)
  );
};

/**
 * Focuses `target` (a heading with tabIndex -1, or the field to try again) when it appears and each
 * time `when` turns true, if the focus was lost (or is still on `from`, the button that asked).
 */
export function useFocusIfLost(
  target: RefObject<HTMLElement | null>,
  when = true,
  from?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (when && isFocusLost(from?.current)) target.current?.focus();
  }, [target, when, from]);
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
