// From the directory's search box into its results by keyboard: the first row of the table (where
// j/k/Enter go on), or the first card's link on a phone.
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { KEYBOARD_ROW } from '../../lib/use-row-keys.ts';

const shown = (element: Element) => element.getClientRects().length > 0;

function focusFirstRow(results: HTMLElement | null): boolean {
  if (!results) return false;
  const rows = [
    ...results.querySelectorAll<HTMLElement>(`[${KEYBOARD_ROW}], ul[aria-label="Negocios"] li a`),
  ];
  const first = rows.find(shown);
  first?.focus();
  return first !== undefined;
}

/**
 * `ready` names the search whose rows are on screen (null while a page loads). A move asked for a
 * search still loading happens when its rows arrive; one for a search typed over since is dropped.
 */
export function useMoveToRows(results: RefObject<HTMLElement | null>, ready: string | null) {
  const wanted = useRef<string | null>(null);

  useEffect(() => {
    if (ready === null || wanted.current === null) return;
    if (wanted.current === ready) focusFirstRow(results.current);
    wanted.current = null;
  }, [ready, results]);

  return useCallback(
    (search: string, when: 'now' | 'when-shown') => {
      if (search === ready && focusFirstRow(results.current)) return;
      wanted.current = when === 'when-shown' ? search : null;
    },
    [ready, results],
  );
}
