// The in-memory session, mirrored to storage; the API client and React both read it from here.
import {
  clearStoredSession,
  readStoredSession,
  type StoredSession,
  writeStoredSession,
} from './session-storage.ts';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  session: StoredSession | null;
  /** Set when the session ended without the user asking (expired or refused), for the login screen. */
  expired?: boolean;
  /** Set when the person signed out here: the login screen then remembers no page to return to. */
  signedOut?: boolean;
  /** With `expired`: someone ended it from another device (the refresh said so). */
  endedElsewhere?: boolean;
}

type Listener = () => void;

const initial = readStoredSession();
let state: SessionState = { status: initial ? 'checking' : 'anonymous', session: initial };
const listeners = new Set<Listener>();

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState(): SessionState {
    return state;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A fresh login or a refreshed token: persist and mark authenticated. */
  signIn(session: StoredSession) {
    writeStoredSession(session);
    emit({ status: 'authenticated', session });
  },
  /** Replace the token (and what came with it) after /auth/refresh. */
  replaceToken(patch: Partial<StoredSession> & { jwt: string }) {
    if (!state.session) return;
    const session = { ...state.session, ...patch };
    writeStoredSession(session);
    emit({ status: state.status, session });
  },
  /** Change what is kept about the signed-in person (the password changed: no longer a must). */
  updateUser(patch: Partial<StoredSession['user']>) {
    if (!state.session) return;
    const session = { ...state.session, user: { ...state.session.user, ...patch } };
    writeStoredSession(session);
    emit({ status: state.status, session });
  },
  markChecking(session: StoredSession | null) {
    emit({ status: session ? 'checking' : 'anonymous', session });
  },
  markAuthenticated() {
    if (state.session) emit({ status: 'authenticated', session: state.session });
  },
  /** Forget everything locally (the server call, if any, is the caller's business). */
  clear(options: { signedOut?: boolean } = {}) {
    clearStoredSession();
    emit({ status: 'anonymous', session: null, ...(options.signedOut ? { signedOut: true } : {}) });
  },
  /**
   * The server no longer accepts the session: forget it and let the login screen say so. Once it
   * is known to have been ended from another device, a later plain expire() keeps that reason.
   */
  expire(endedElsewhere = false) {
    clearStoredSession();
    const known = state.status === 'anonymous' && state.endedElsewhere === true;
    emit({
      status: 'anonymous',
      session: null,
      expired: true,
      ...((endedElsewhere || known) && { endedElsewhere: true }),
    });
  },
  /** Re-read storage, for changes made by another tab. */
  reload(): StoredSession | null {
    return readStoredSession();
  },
};
