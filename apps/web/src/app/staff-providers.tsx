import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, RequestTimeoutError } from '../api/api-error.ts';
import { registerSpanishMessages } from '../lib/spanish-messages.ts';
import { sessionStore } from '../session/session-store.ts';
import { ToastHost } from '../ui/toast-host.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; a dropped connection might. A server that let a request wait
      // REQUEST_TIMEOUT_MS is not asked again at once: the screen shows its error and 'Reintentar'.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status < 500) &&
        !(error instanceof RequestTimeoutError) &&
        failureCount < 1,
      refetchOnWindowFocus: false,
      // Offline, a request fails (and the screen shows its error) instead of waiting paused for ever
      // behind 'Buscando...'.
      networkMode: 'always',
      // Back online, a screen in error tries once more by itself, however fresh its last data is.
      refetchOnReconnect: (query) => (query.state.status === 'error' ? 'always' : true),
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// What a person reads of server and schema messages is Spanish from here on.
registerSpanishMessages();

// Nothing cached for one user may show to the next one. Subscribed once, when this chunk loads:
// from then on every sign-out clears the cache, whether or not a signed-in page is on screen.
sessionStore.subscribe(() => {
  if (!sessionStore.getState().session) queryClient.clear();
});

/** Server state and toasts: only signed-in pages use them, so the login page ships neither. */
export function StaffProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
