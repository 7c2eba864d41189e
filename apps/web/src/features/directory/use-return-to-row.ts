// Back from a business page opened from the directory: the focus returns to that business's row
// (its card's link on a phone) once the rows are on screen, instead of starting over at the page.
import { type RefObject, useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';
import { KEYBOARD_ROW } from '../../lib/use-row-keys.ts';
import { businessPath } from '../../ui/business-link.tsx';
import { forgetLastOpened, lastOpenedRegistry } from './components/business-row-opener.ts';

const shown = (element: Element) => element.getClientRects().length > 0;

export function useReturnToRow(results: RefObject<HTMLElement | null>, rowsShown: boolean): void {
  const navigation = useNavigationType();
  const wanted = useRef<string | null | undefined>(undefined);
  // Read as the directory arrives: only a return (Back, Forward) looks for the row. Forgotten once
  // committed, not while rendering: a render React throws away (a lazy chunk suspending) would
  // otherwise take it from the render that stays.
  if (wanted.current === undefined) wanted.current = navigation === 'POP' ? lastOpenedRegistry() : null;
  useEffect(forgetLastOpened, []);

  useEffect(() => {
    const registry = wanted.current;
    if (!rowsShown || !registry) return;
    wanted.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const links = results.current?.querySelectorAll(`a[href="${CSS.escape(businessPath(registry))}"]`);
    const link = [...(links ?? [])].find(shown);
    const row = link?.closest<HTMLElement>(`[${KEYBOARD_ROW}]`) ?? (link as HTMLElement | undefined);
    row?.focus();
  }, [rowsShown, results]);
}
