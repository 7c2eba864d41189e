// Everything a signed-in page needs, loaded after sign-in (the router imports this file lazily).
// First import: zod's config must be set before any screen builds a schema (zod-jitless.ts says why).
import '../zod-jitless.ts';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '../ui/spinner.tsx';
import { AppHeader } from './app-header.tsx';
import { KeyboardHost } from './command-palette/keyboard-host.tsx';
import { PasswordChangeGate } from './password-change-gate.tsx';
import { StaffProviders } from './staff-providers.tsx';

export { DashboardPage } from './dashboard-page.tsx';
export { BusinessPageRoute, StandalonePage } from './standalone-page.tsx';

/** Every signed-in page: the header, then the page (only the password form while one must be changed). */
export default function StaffShell() {
  return (
    <StaffProviders>
      <div className="min-h-dvh bg-slate-50">
        <AppHeader />
        <KeyboardHost />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          <Suspense fallback={<ScreenSpinner />}>
            <PasswordChangeGate>
              <Outlet />
            </PasswordChangeGate>
          </Suspense>
        </main>
      </div>
    </StaffProviders>
  );
}
