// The web test files that do not mock a module share one module graph per worker (isolate: false):
// after each file, what it may have left behind goes, so the next starts as a page load would.
// (Not before a file: its own module-level spies and stubs are set up by then.)
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { config } from 'zod/v4/core';
import { setMessageTranslator } from '../lib/message-translator.ts';
import { sessionStore } from '../session/session-store.ts';

function leaveClean() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  setMessageTranslator(null);
  config({ customError: undefined });
  sessionStore.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
}

afterAll(leaveClean);
