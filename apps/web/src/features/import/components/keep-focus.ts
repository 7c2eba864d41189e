// A button is disabled while it works, and a step of the import replaces the last one: either
// leaves the focus on the page's body, and a keyboard user starts again from the top of the page.
import { type RefObject, useCallback, useEffect, useRef } from 'react';

const lost = () => document.activeElement === null || document.activeElement === document.body;

/** Focuses `target` (a heading with tabIndex -1) when it appears, if the focus was lost. */
export function useFocusIfLost(target: RefObject<HTMLElement | null>, when = true): void {
  useEffect(() => {
    if (when && lost()) target.current?.focus();
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
    if (button?.isConnected && lost()) button.focus();
  }, [busy]);
  return useCallback((event) => {
    pressed.current = event.currentTarget;
  }, []);
}
