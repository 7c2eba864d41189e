import { useEffect, useRef } from 'react';

/**
 * A pager's 'next' or 'previous' turns disabled under the focus once the last or first page is
 * reached, and Chromium then drops the focus to the page: a keyboard user starts again from the
 * top. Call `noteFocus` as a pager button is pressed; when the page has changed and the focus was
 * lost, it goes to the current page's button, else the first enabled button of the pager.
 */
export function usePagerFocus<T extends HTMLElement>(page: number) {
  const navRef = useRef<T>(null);
  const hadFocus = useRef(false);
  const noteFocus = () => {
    hadFocus.current = navRef.current?.contains(document.activeElement) ?? false;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => {
    if (!hadFocus.current) return;
    hadFocus.current = false;
    const nav = navRef.current;
    const active = document.activeElement;
    // Lost: on the page, or still on the button now disabled (until the browser moves it away).
    const lost =
      !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!nav || !lost) return;
    const target =
      nav.querySelector<HTMLElement>('[aria-current="page"]') ??
      nav.querySelector<HTMLElement>('button:not(:disabled)');
    target?.focus();
  }, [page]);
  return { navRef, noteFocus };
}
