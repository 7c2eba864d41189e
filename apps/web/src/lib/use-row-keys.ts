import { type RefObject, useCallback } from 'react';
import { useShortcut } from './use-shortcut.ts';

/** The attribute that marks a focusable row for useRowKeys. */
export const KEYBOARD_ROW = 'data-keyboard-row';

const DOWN = new Set(['j', 'ArrowDown']);

/**
 * j/k or ↓/↑ move the focus between the rows marked KEYBOARD_ROW inside `container` while it is
 * shown. j/k start at the first (last) row from anywhere; the arrows only once a row has the focus,
 * so they still scroll the page otherwise.
 */
export function useRowKeys(container: RefObject<HTMLElement | null>): void {
  const move = useCallback(
    (event: KeyboardEvent) => {
      const box = container.current;
      if (!box || box.getClientRects().length === 0) return false;
      const rows = [...box.querySelectorAll<HTMLElement>(`[${KEYBOARD_ROW}]`)];
      if (rows.length === 0) return false;
      const active = document.activeElement;
      const current = rows.findIndex((row) => row === active || row.contains(active));
      if (current === -1 && event.key.startsWith('Arrow')) return false;
      const step = DOWN.has(event.key) ? 1 : -1;
      const next =
        current === -1
          ? step > 0
            ? 0
            : rows.length - 1
          : Math.min(rows.length - 1, Math.max(0, current + step));
      rows[next]?.focus();
      rows[next]?.scrollIntoView?.({ block: 'nearest' });
      return true;
    },
    [container],
  );
  useShortcut(['j', 'k', 'ArrowDown', 'ArrowUp'], move);
}
