// An admin whose password the master set (created, or reset) sees only the change form
// until they have changed it: every signed-in path leads to /seguridad. The API still answers them;
// this is the portal's part. The flag comes with the sign-in (and the refresh) and is cleared by
// the change (features/security).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/use-session.ts';

export const PASSWORD_CHANGE_PATH = '/seguridad';

export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const { pathname } = useLocation();
  if (session?.user.mustChangePassword === true && pathname !== PASSWORD_CHANGE_PATH) {
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  }
  return children;
}
