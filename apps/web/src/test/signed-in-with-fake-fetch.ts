// The start of a screen test as the master: signed in, nothing else stored, a fresh scripted fetch;
// after each test the screen is unmounted and the session ended.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { installFakeFetch } from './fake-fetch.ts';
import { masterSession } from './session-fixtures.ts';

/** Registers the per-test set-up; call the returned function inside a test for that test's fetch. */
export function signedInWithFakeFetch(): () => ReturnType<typeof installFakeFetch> {
  let fake: ReturnType<typeof installFakeFetch>;
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(masterSession());
    fake = installFakeFetch();
  });
  afterEach(() => {
    cleanup();
    sessionStore.clear();
    vi.unstubAllGlobals();
  });
  return () => fake;
}
