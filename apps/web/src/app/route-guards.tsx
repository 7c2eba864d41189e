import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor, returnPathFrom } from '../lib/return-path.ts';
import { isStaffLoginType, useSession } from '../session/use-session.ts';
import { PageSpinner } from '../ui/spinner.tsx';

// Rarely shown: its own small chunk keeps it out of the login page.
const LazyRestrictedPage = lazy(() =>
  import('../ui/restricted-page.tsx').then((m) => ({ default: m.RestrictedPage })),
);

function RestrictedPage(props: { title: string; message: string }) {
  return (
    <Suspense fallback={null}>
      <LazyRestrictedPage {...props} />
    </Suspense>
  );
}

const CHECKING_SESSION = 'Verificando autenticación...';

/** The login screen: signed-in users go straight on, to the page they asked for or the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { search } = useLocation();
  if (status === 'checking') return <PageSpinner label={CHECKING_SESSION} />;
  if (status === 'authenticated') return <Navigate to={returnPathFrom(search)} replace />;
  return children;
}

/**
 * Signed in as admin or master (SPEC §2); otherwise back to the login screen, which remembers the
 * page (a link opened signed out, a session ended elsewhere) unless the person signed out here.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, session, signedOut } = useSession();
  const location = useLocation();
  if (status === 'checking') return <PageSpinner label={CHECKING_SESSION} />;
  if (status !== 'authenticated' || !session) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signedOut ? '/' : loginPathFor(here)} replace />;
  }
  if (!isStaffLoginType(session.loginType)) {
    return (
      <RestrictedPage
        title="Acceso de Administrador Requerido"
        message="Esta sección es solo para administradores y usuarios maestros."
      />
    );
  }
  return children;
}

/** Master only; an admin sees the restricted page with the reason. Use inside RequireStaff. */
export function RequireMaster({ message, children }: { message: string; children: ReactNode }) {
  const { session } = useSession();
  if (session?.loginType !== 'master') return <RestrictedPage title="Acceso Restringido" message={message} />;
  return children;
}
