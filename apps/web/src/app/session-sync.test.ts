import { describe, expect, it, vi } from 'vitest';
import { writeStoredSession } from '../session/session-storage.ts';
import { sessionStore } from '../session/session-store.ts';
import { adminSession, masterSession } from '../test/session-fixtures.ts';
import { signedOutWithFakeFetch } from '../test/signed-out-with-fake-fetch.ts';
import { checkStoredSession, signOut, watchOtherTabs } from './session-sync.ts';

const fake = signedOutWithFakeFetch();

describe('validate on load (SPEC §4)', () => {
  it('without a stored session: anonymous, no call', async () => {
    await checkStoredSession();
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(fake().calls).toHaveLength(0);
  });

  it('trusts a master session locally', async () => {
    writeStoredSession(masterSession());
    await checkStoredSession();
    expect(sessionStore.getState().status).toBe('authenticated');
    expect(fake().calls).toHaveLength(0);
  });

  it('an admin session the server calls valid is kept', async () => {
    writeStoredSession(adminSession());
    fake().on('POST /auth/validate', { status: 200, body: { valid: true } });
    await checkStoredSession();
    expect(sessionStore.getState().status).toBe('authenticated');
    expect(fake().calls[0].headers.Authorization).toBe('Bearer jwt-admin-1');
  });

  it('an invalid token whose session is alive is refreshed', async () => {
    writeStoredSession(adminSession('expired'));
    fake().on('POST /auth/validate', { status: 200, body: { valid: false } });
    fake().on('POST /auth/refresh', { status: 200, body: { jwt: 'fresh' } });
    await checkStoredSession();
    expect(sessionStore.getState().status).toBe('authenticated');
    expect(localStorage.getItem('jwt')).toBe('fresh');
  });

  it('an invalid session is cleared', async () => {
    writeStoredSession(adminSession());
    fake().on('POST /auth/validate', { status: 200, body: { valid: false } });
    fake().on('POST /auth/refresh', { status: 401, body: {} });
    await checkStoredSession();
    expect(sessionStore.getState()).toEqual({ status: 'anonymous', session: null, expired: true });
    expect(localStorage.length).toBe(0);
  });

  it('a failed validation clears the session', async () => {
    writeStoredSession(adminSession());
    fake().on('POST /auth/validate', 'network-error');
    fake().on('POST /auth/refresh', 'network-error');
    await checkStoredSession();
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});

describe('logout', () => {
  it('clears everything even when the call fails', async () => {
    sessionStore.signIn(adminSession());
    fake().on('POST /auth/logout', 'network-error');
    await signOut();
    expect(fake().calls[0].body).toEqual({ admin_id: 7, session_id: 'sess-admin' });
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(localStorage.length).toBe(0);
  });
});

describe('other tabs', () => {
  it('a removed jwt logs this tab out; a changed one is validated again', async () => {
    const stop = watchOtherTabs();
    try {
      sessionStore.signIn(adminSession('mine'));
      // Another tab signs in again: new token, re-validated here.
      localStorage.setItem('jwt', 'theirs');
      fake().on('POST /auth/validate', { status: 200, body: { valid: true } });
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', oldValue: 'mine', newValue: 'theirs' }));
      await vi.waitFor(() => expect(sessionStore.getState().status).toBe('authenticated'));
      expect(fake().callsTo('/auth/validate')[0].headers.Authorization).toBe('Bearer theirs');

      // Another tab logs out.
      localStorage.removeItem('jwt');
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', oldValue: 'theirs', newValue: null }));
      expect(sessionStore.getState()).toEqual({ status: 'anonymous', session: null });
    } finally {
      stop();
    }
  });
});
