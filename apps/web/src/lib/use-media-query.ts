import { useState, useSyncExternalStore } from 'react';

/** Tailwind's `md` (48rem): from there DESIGN §9 shows tables instead of cards, and the header its user menu. */
export const MD_UP = '(width >= 48rem)';

const lists = new Map<string, MediaQueryList>();

function listFor(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a media query matches now, following its changes; null where there is no matchMedia (jsdom). */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = listFor(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listFor(query)?.matches ?? null,
  );
}

/**
 * Whether to build a part that CSS shows only where `query` matches (or, with `whenMatching` false, only
 * where it does not): not before that width first comes, then for good, hidden by CSS as before. A hidden
 * part still costs its render on a slow phone. True where the width is unknown.
 */
export function useShownAtWidth(query: string, whenMatching = true): boolean {
  const matches = useMediaQuery(query);
  const shown = matches === null || matches === whenMatching;
  const [built, setBuilt] = useState(shown);
  if (shown && !built) setBuilt(true);
  return built || shown;
}
