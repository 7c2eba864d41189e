import { type RefObject, useEffect } from 'react';

/**
 * Puts the focus on `target` (a page's heading, with tabIndex -1) when the page arrives and each
 * time `key` changes (another business), so a keyboard or screen-reader user starts at the top of
 * what they opened, not on the body or on what they left behind.
 */
export function useFocusOnArrival(target: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    if (key) target.current?.focus();
  }, [target, key]);
}
