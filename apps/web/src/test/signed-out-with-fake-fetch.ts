// The start of every API-level portal test: signed out, nothing stored, a fresh scripted fetch.
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { installFakeFetch } from './fake-fetch.ts';

/** Registers the per-test set-up; call the returned function inside a test for that test's fetch. */
export function signedOutWithFakeFetch(): () => ReturnType<typeof installFakeFetch> {
  let fake: ReturnType<typeof installFakeFetch>;
  beforeEach(() => {
    localStorage.clear();
    sessionStore.clear();
    fake = installFakeFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return () => fake;
}
