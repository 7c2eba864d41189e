import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { SessionProvider } from './app/session-provider.tsx';
import { LoadErrorBoundary, LoadFailure } from './ui/load-error-boundary.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <LoadErrorBoundary
          fallback={
            <main className="mx-auto max-w-lg px-4 py-16">
              <LoadFailure />
            </main>
          }
        >
          <AppRoutes />
        </LoadErrorBoundary>
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
