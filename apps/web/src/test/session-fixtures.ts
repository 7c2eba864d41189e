import type { StoredSession } from '../session/session-storage.ts';

export const adminSession = (jwt = 'jwt-admin-1'): StoredSession => ({
  jwt,
  loginType: 'admin',
  adminId: 7,
  masterKey: null,
  user: {
    adminId: 7,
    email: 'ana@example.com',
    sessionId: 'sess-admin',
    expiresAt: 1_900_000_000,
    loginType: 'admin',
    ipAddress: '127.0.0.1',
  },
});

export const masterSession = (jwt = 'jwt-master-1'): StoredSession => ({
  jwt,
  loginType: 'master',
  adminId: null,
  masterKey: 'key-123',
  user: {
    adminId: null,
    email: 'Master User',
    sessionId: 'sess-master',
    expiresAt: 1_900_000_000,
    loginType: 'master',
    ipAddress: '127.0.0.1',
  },
});
