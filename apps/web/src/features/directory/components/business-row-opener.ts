import { type KeyboardEvent, type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { businessPath } from '../../../ui/business-link.tsx';

// A click on these is theirs (the name link, the action buttons), not the row's.
const OWN_CLICK = 'a, button, input, select, textarea, label, [role="button"]';

/** The business last opened from the directory (this tab), so Back can give its row the focus again. */
let lastOpened: string | null = null;

/** The registry last opened from a row, if any (read while rendering: it stays until forgotten). */
export const lastOpenedRegistry = (): string | null => lastOpened;

/** Used, or left behind by a visit that was not a return: a later return does not find it again. */
export function forgetLastOpened(): void {
  lastOpened = null;
}

/** The business page of `registry` is being opened from the directory another way (a modal's link). */
export function rememberOpened(registry: string): void {
  lastOpened = registry;
}

/**
 * A directory row opens its business page on a click anywhere but its links and buttons, or on
 * Enter while the row itself has the focus. The name link stays the row's real link; this is the
 * convenience around it (so the row adds no interactive role of its own).
 */
export function useBusinessRowOpener() {
  const navigate = useNavigate();

  const onClick = useCallback(
    (registry: string, event: MouseEvent<HTMLElement>) => {
      const target = event.target as Element;
      // The name link opens the page itself (a click or Enter on it arrives here too).
      if (target.closest('a')) lastOpened = registry;
      if (target.closest(OWN_CLICK)) return;
      // Selecting text in a row (to copy an email) is not a click on it.
      if (window.getSelection()?.toString()) return;
      if (event.ctrlKey || event.metaKey) {
        window.open(businessPath(registry), '_blank', 'noopener');
        return;
      }
      lastOpened = registry;
      navigate(businessPath(registry));
    },
    [navigate],
  );

  const onKeyDown = useCallback(
    (registry: string, event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      lastOpened = registry;
      navigate(businessPath(registry));
    },
    [navigate],
  );

  return { onClick, onKeyDown };
}
