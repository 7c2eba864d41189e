import { useEffect, useRef } from 'react';

/** The portal's sticky header (h-16): a list top under it is out of view. */
const HEADER_HEIGHT = 64;
/** Where a list's top lands when scrolled to: below the header, with room to breathe (scroll-mt-24). */
const LIST_MARGIN = '6rem';

/**
 * Brings a list's top back into view when it has scrolled away above the header, smoothly unless
 * the reader asked for less motion. The list keeps any scroll margin of its own.
 */
export function scrollListTopIntoView(list: HTMLElement) {
  if (list.getBoundingClientRect().top >= HEADER_HEIGHT) return;
  const margin = getComputedStyle(list).scrollMarginTop;
  if (!margin || margin === '0px') list.style.scrollMarginTop = LIST_MARGIN;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  list.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

interface PagerFocusOptions {
  /**
   * The list the pager turns the pages of: after a page chosen in the pager, its top is brought
   * back into view (the new page's first rows), while the focus stays in the pager.
   */
  list?: (nav: HTMLElement) => HTMLElement | null;
}

/**
 * A pager's 'next' or 'previous' turns disabled under the focus once the last or first page is
 * reached, and Chromium then drops the focus to the page: a keyboard user starts again from the
 * top. Call `noteFocus` as a pager button is pressed; when the page has changed and the focus was
 * lost, it goes to the current page's button, else the first enabled button of the pager. With
 * `list`, the list's top also scrolls back into view (the pager sits under the rows, so the new
 * page would otherwise show its last rows first).
 */
export function usePagerFocus<T extends HTMLElement>(page: number, options: PagerFocusOptions = {}) {
  const navRef = useRef<T>(null);
  const pressed = useRef(false);
  const hadFocus = useRef(false);
  const noteFocus = () => {
    pressed.current = true;
    hadFocus.current = navRef.current?.contains(document.activeElement) ?? false;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    const nav = navRef.current;
    const list = nav && options.list ? options.list(nav) : null;
    if (list) scrollListTopIntoView(list);
    if (!hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    // Lost: on the page, or still on the button now disabled (until the browser moves it away).
    const lost =
      !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!nav || !lost) return;
    const target =
      nav.querySelector<HTMLElement>('[aria-current="page"]') ??
      nav.querySelector<HTMLElement>('button:not(:disabled)');
    // Not scrolled to: the list's top is what the reader looks at now.
    target?.focus({ preventScroll: !!list });
  }, [page]);
  return { navRef, noteFocus };
}
