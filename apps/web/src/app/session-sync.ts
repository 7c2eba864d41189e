// Validate-on-load and cross-tab sync (SPEC §4), outside React so it runs once per change.
import { logout as logoutCall, validateSession } from '../api/auth-api.ts';
import { refreshSessionOnce } from '../api/http-client.ts';
import { readStoredSession, type StoredSession } from '../session/session-storage.ts';
import { sessionStore } from '../session/session-store.ts';

let checking: Promise<void> | null = null;

async function check(stored: StoredSession | null): Promise<void> {
  sessionStore.markChecking(stored);
  if (!stored) return;
  // Master sessions are trusted locally (SPEC §4); the server still checks every call they make.
  if (stored.loginType === 'master') {
    sessionStore.markAuthenticated();
    return;
  }
  try {
    // A JWT lives 15 minutes but its session 12 hours: an expired token is refreshed, not a reason to log out.
    const valid = (await validateSession().catch(() => false)) || (await refreshSessionOnce());
    if (valid && sessionStore.getState().session) sessionStore.markAuthenticated();
    else sessionStore.expire();
  } catch {
    sessionStore.expire();
  }
}

/** Check the stored session with the server; concurrent callers share one check. */
export function checkStoredSession(): Promise<void> {
  if (!checking) {
    checking = check(readStoredSession()).finally(() => {
      checking = null;
    });
  }
  return checking;
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== 'jwt') return;
  const stored = readStoredSession();
  const current = sessionStore.getState().session;
  if (!stored) {
    // Another tab logged out (or cleared storage): so does this one.
    if (current) sessionStore.clear();
    return;
  }
  if (stored.jwt !== current?.jwt) void checkStoredSession();
}

/** Start listening to other tabs; returns the unsubscribe. */
export function watchOtherTabs(): () => void {
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Logout clears everything even when the call fails (SPEC §4). */
export async function signOut(): Promise<void> {
  const session = sessionStore.getState().session;
  try {
    if (session) await logoutCall(session.adminId, session.user.sessionId);
  } catch {
    // The local session goes regardless.
  } finally {
    sessionStore.clear({ signedOut: true });
  }
}
