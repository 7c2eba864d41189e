// The stored session of SPEC §3: localStorage keys jwt, user, loginType, adminId (plus our masterKey).
// localStorage (not sessionStorage) so other tabs share the sign-in and see a logout (SPEC §4).

export type LoginType = 'admin' | 'master';

export interface SessionUser {
  adminId: number | null;
  /** The admin's email, or the literal 'Master User' for master logins. */
  email: string;
  /** The admin's name for the header; absent for the master and in older stored sessions. */
  name?: string;
  sessionId: string;
  /** Seconds since epoch. */
  expiresAt: number | null;
  loginType: string;
  ipAddress: string | null;
  /** Someone else set this admin's password: the portal shows only the change form. */
  mustChangePassword?: boolean;
}

export interface StoredSession {
  jwt: string;
  user: SessionUser;
  /** As stored; anything other than admin/master is refused by the guards. */
  loginType: string;
  adminId: number | null;
  masterKey: string | null;
}

export const SESSION_KEYS = {
  jwt: 'jwt',
  user: 'user',
  loginType: 'loginType',
  adminId: 'adminId',
  masterKey: 'masterKey',
} as const;

export const MASTER_USER_LABEL = 'Master User';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value !== 'object' || typeof value.sessionId !== 'string') return null;
    return {
      adminId: typeof value.adminId === 'number' ? value.adminId : null,
      email: typeof value.email === 'string' ? value.email : '',
      ...(typeof value.name === 'string' && value.name !== '' && { name: value.name }),
      sessionId: value.sessionId,
      expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : null,
      loginType: typeof value.loginType === 'string' ? value.loginType : '',
      ipAddress: typeof value.ipAddress === 'string' ? value.ipAddress : null,
      ...(value.mustChangePassword === true ? { mustChangePassword: true } : {}),
    };
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  const jwt = store.getItem(SESSION_KEYS.jwt);
  const user = parseUser(store.getItem(SESSION_KEYS.user));
  if (!jwt || !user) return null;
  const adminIdRaw = store.getItem(SESSION_KEYS.adminId);
  const adminId = adminIdRaw && /^\d+$/.test(adminIdRaw) ? Number(adminIdRaw) : null;
  return {
    jwt,
    user,
    loginType: store.getItem(SESSION_KEYS.loginType) ?? user.loginType,
    adminId,
    masterKey: store.getItem(SESSION_KEYS.masterKey),
  };
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  store.setItem(SESSION_KEYS.loginType, session.loginType);
  if (session.adminId === null) store.removeItem(SESSION_KEYS.adminId);
  else store.setItem(SESSION_KEYS.adminId, String(session.adminId));
  if (session.masterKey) store.setItem(SESSION_KEYS.masterKey, session.masterKey);
  else store.removeItem(SESSION_KEYS.masterKey);
  // jwt last: other tabs react to its change, and by then the rest is in place.
  store.setItem(SESSION_KEYS.jwt, session.jwt);
}

export function clearStoredSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
}
