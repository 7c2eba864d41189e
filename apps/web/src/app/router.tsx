// The route table of SPEC §2.
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/login/components/login-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import {
  AdminApprovalPage,
  AdminRegistrationHistoryPage,
  AdminRegistrationPage,
  BusinessDataPage,
  BusinessRegistrationsPage,
} from './placeholder-pages.tsx';
import { PublicOnly, RequireMaster, RequireStaff } from './route-guards.tsx';
import { StaffLayout } from './staff-layout.tsx';

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
        { path: '/business-data', element: <BusinessDataPage /> },
        { path: '/business-registrations', element: <BusinessRegistrationsPage /> },
        {
          path: '/admin-registration-history',
          element: masterOnly(MASTER_ONLY_MESSAGES.history, <AdminRegistrationHistoryPage />),
        },
        {
          path: '/master/admin-registration',
          element: masterOnly(MASTER_ONLY_MESSAGES.registration, <AdminRegistrationPage />),
        },
        {
          path: '/admin-approval',
          element: masterOnly(MASTER_ONLY_MESSAGES.approval, <AdminApprovalPage />),
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
