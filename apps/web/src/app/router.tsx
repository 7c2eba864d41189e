// The route table of SPEC §2.
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/login/components/login-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { PublicOnly, RequireMaster, RequireStaff } from './route-guards.tsx';
import { StaffLayout } from './staff-layout.tsx';
import { StandalonePage } from './standalone-page.tsx';

export const MASTER_ONLY_MESSAGES = {
  history: 'Solo usuarios maestros pueden ver el historial de registros de administradores.',
  registration: 'Solo usuarios maestros pueden registrar nuevos administradores.',
  approval: 'Solo usuarios maestros pueden aprobar administradores.',
} as const;

const masterOnly = (message: string, page: ReactNode) => (
  <RequireMaster message={message}>{page}</RequireMaster>
);

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: (
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      ),
    },
    {
      element: (
        <RequireStaff>
          <StaffLayout />
        </RequireStaff>
      ),
      children: [
        { path: '/admin-dashboard', element: <DashboardPage /> },
        { path: '/business-data', element: <StandalonePage screen="content" /> },
        { path: '/business-registrations', element: <StandalonePage screen="registerBusiness" /> },
        {
          path: '/admin-registration-history',
          element: masterOnly(MASTER_ONLY_MESSAGES.history, <StandalonePage screen="registrationHistory" />),
        },
        {
          path: '/master/admin-registration',
          element: masterOnly(
            MASTER_ONLY_MESSAGES.registration,
            <StandalonePage screen="adminRegistration" />,
          ),
        },
        {
          path: '/admin-approval',
          element: masterOnly(MASTER_ONLY_MESSAGES.approval, <StandalonePage screen="adminApproval" />),
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
