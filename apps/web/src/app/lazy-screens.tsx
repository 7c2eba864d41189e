// Every screen is its own chunk (DESIGN §9): the login page carries none of them.
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { LoadErrorBoundary } from '../ui/load-error-boundary.tsx';
import { ScreenSpinner } from '../ui/spinner.tsx';

export const Screens = {
  directory: lazy(() => import('../features/directory/components/directory-screen.tsx')),
  content: lazy(() => import('../features/content/components/content-screen.tsx')),
  subscriptions: lazy(() => import('../features/subscriptions/components/subscriptions-screen.tsx')),
  access: lazy(() => import('../features/access/components/access-screen.tsx')),
  registerBusiness: lazy(
    () => import('../features/register-business/components/register-business-screen.tsx'),
  ),
  adminRegistration: lazy(
    () => import('../features/admin-registration/components/admin-registration-screen.tsx'),
  ),
  adminApproval: lazy(() => import('../features/admin-approval/components/admin-approval-screen.tsx')),
  audit: lazy(() => import('../features/audit/components/audit-screen.tsx')),
  trash: lazy(() => import('../features/trash/components/trash-screen.tsx')),
  security: lazy(() => import('../features/security/components/security-screen.tsx')),
  mySessions: lazy(() => import('../features/my-sessions/components/my-sessions-screen.tsx')),
  businessPage: lazy(() => import('../features/business-page/components/business-page-screen.tsx')),
  businessImport: lazy(() => import('../features/import/components/import-screen.tsx')),
  registrationHistory: lazy(
    () => import('../features/registration-history/components/registration-history-screen.tsx'),
  ),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

export type ScreenName = keyof typeof Screens;

/** Renders a lazy screen with a loading state while its chunk arrives; the header stays if it fails. */
export function LazyScreen({ name }: { name: ScreenName }) {
  const Screen = Screens[name];
  return (
    <LoadErrorBoundary key={name}>
      <Suspense fallback={<ScreenSpinner />}>
        <Screen />
      </Suspense>
    </LoadErrorBoundary>
  );
}
