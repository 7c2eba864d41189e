import { useSyncExternalStore } from 'react';
import { type SessionState, sessionStore } from './session-store.ts';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

export function isStaffLoginType(loginType: string | undefined): loginType is 'admin' | 'master' {
  return loginType === 'admin' || loginType === 'master';
}
