import { useLayoutEffect, useRef } from 'react';

const FIELD = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/** True while the person is typing: the key belongs to the field, not to a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    (target.closest(FIELD) !== null || (target as HTMLElement).isContentEditable === true)
  );
}

/**
 * Whether a key press is the shortcut `spec`: 'mod+k' is Ctrl+K or ⌘K; any other spec is the
 * key itself ('/', '?', 'j', 'ArrowDown') with neither Ctrl, ⌘ nor Alt held.
 */
export function matchesShortcut(spec: string, event: KeyboardEvent): boolean {
  if (spec.startsWith('mod+')) {
    const key = spec.slice(4);
    return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === key;
  }
  return !event.ctrlKey && !event.metaKey && !event.altKey && event.key === spec;
}

interface ShortcutOptions {
  /** Also while typing in a field (only for modifier shortcuts such as Ctrl+K, which type nothing). */
  whileTyping?: boolean;
  enabled?: boolean;
}

/**
 * Calls `handler` on the document-wide key press `specs` (see matchesShortcut), never stealing a
 * field's key. A handler that returns false leaves the key to the browser (an arrow then scrolls).
 */
export function useShortcut(
  specs: string | string[],
  handler: (event: KeyboardEvent) => unknown,
  { whileTyping = false, enabled = true }: ShortcutOptions = {},
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const keys = Array.isArray(specs) ? specs.join('\n') : specs;

  // Listening from the commit, before the browser paints: a key pressed as soon as the rows show
  // (a passive effect may run a frame later on a busy machine) is not lost.
  useLayoutEffect(() => {
    if (!enabled) return;
    const list = keys.split('\n');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (!list.some((spec) => matchesShortcut(spec, event))) return;
      if (!whileTyping && isTypingTarget(event.target)) return;
      if (latest.current(event) !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keys, whileTyping, enabled]);
}
