import { useEffect, useRef } from 'react';

/** Calls `onClose` `delayMs` after `active` turns true (the success message stays that long). */
export function useAutoClose(active: boolean, delayMs: number, onClose: () => void) {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
