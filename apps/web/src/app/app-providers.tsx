import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { SessionProvider } from '../session/session-provider.tsx';
import { sessionStore } from '../session/session-store.ts';
import { ToastHost } from '../ui/toast-host.tsx';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a dropped connection might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Nothing cached for one user may show to the next one.
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        if (!sessionStore.getState().session)
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
