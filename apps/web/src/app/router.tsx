// The route table of SPEC §2. The login page is in the entry; everything behind sign-in (the shell,
// the dashboard, TanStack Query, Radix, toasts) is one lazy chunk, and each screen one more.
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page.tsx';
import { MASTER_ONLY_MESSAGES } from '../lib/master-only-messages.ts';
import { PageSpinner } from '../ui/spinner.tsx';
import { PublicOnly, RequireMaster, RequireStaff } from './route-guards.tsx';

// Three views of one chunk: the shell and its pages arrive in a single request.
const loadStaffShell = () => import('./staff-shell.tsx');
const StaffShell = lazy(loadStaffShell);
const DashboardPage = lazy(() => loadStaffShell().then((m) => ({ default: m.DashboardPage })));
const StandalonePage = lazy(() => loadStaffShell().then((m) => ({ default: m.StandalonePage })));
const BusinessPageRoute = lazy(() => loadStaffShell().then((m) => ({ default: m.BusinessPageRoute })));

const masterOnly = (message: string, page: ReactNode) => (
  <RequireMaster message={message}>{page}</RequireMaster>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        }
      />
      <Route
        element={
          <RequireStaff>
            <Suspense fallback={<PageSpinner label="Cargando..." />}>
              <StaffShell />
            </Suspense>
          </RequireStaff>
        }
      >
        <Route path="/admin-dashboard" element={<DashboardPage />} />
        <Route path="/negocios/:registro/:seccion?" element={<BusinessPageRoute />} />
        <Route path="/business-data" element={<StandalonePage screen="content" />} />
        <Route path="/business-registrations" element={<StandalonePage screen="registerBusiness" />} />
        <Route path="/seguridad" element={<StandalonePage screen="security" />} />
        <Route path="/importar" element={<StandalonePage screen="businessImport" />} />
        <Route path="/mis-sesiones" element={<StandalonePage screen="mySessions" />} />
        <Route
          path="/admin-registration-history"
          element={masterOnly(MASTER_ONLY_MESSAGES.history, <StandalonePage screen="registrationHistory" />)}
        />
        <Route
          path="/master/admin-registration"
          element={masterOnly(
            MASTER_ONLY_MESSAGES.registration,
            <StandalonePage screen="adminRegistration" />,
          )}
        />
        <Route
          path="/admin-approval"
          element={masterOnly(MASTER_ONLY_MESSAGES.approval, <StandalonePage screen="adminApproval" />)}
        />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
