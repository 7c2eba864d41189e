// A row's action may end with its row leaving the list, and the button pressed with it (a busy Button
// keeps the focus until then; one disabled while the action ran has already dropped it): the focus
// falls to the page. Once the list has been read again, `container` takes it then, so a keyboard user
// goes on from the list rather than from the top of the page.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Returns what to call when an action has settled; `listed` is the list's data. */
export function useFocusAfterChange(container: RefObject<HTMLElement | null>, listed: unknown): () => void {
  const pending = useRef(false);
  const [settled, setSettled] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the list has changed
  useEffect(() => {
    if (!pending.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) container.current?.focus();
    // Still on the row's button: its row leaves with the next list.
    else if (active !== container.current && container.current?.contains(active)) return;
    pending.current = false;
  }, [settled, listed]);
  return useCallback(() => {
    pending.current = true;
    setSettled((count) => count + 1);
  }, []);
}
