import { type ReactNode, useEffect } from 'react';
import { checkStoredSession, watchOtherTabs } from './session-sync.ts';

/** Validates the stored session once on load and follows other tabs. */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void checkStoredSession();
    return watchOtherTabs();
  }, []);
  return children;
}
