import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../session/use-session.ts';
import { focusRing } from '../ui/cn.ts';
import { LazyScreen, type ScreenName } from './lazy-screens.tsx';

/**
 * A screen on a route of its own (SPEC §2), with a visible way back to the dashboard; not while the
 * password must be changed first, when the gate would only send the person back (the form says why).
 */
export function StandalonePage({ screen }: { screen: ScreenName }) {
  const { session } = useSession();
  const mustChangePassword = session?.user.mustChangePassword === true;
  return (
    <div className="space-y-4">
      {mustChangePassword ? null : (
        <Link
          to="/admin-dashboard"
          className={`inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 ${focusRing}`}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Volver al Panel de Control
        </Link>
      )}
      <LazyScreen name={screen} />
    </div>
  );
}

/** /negocios/:registro: the business page brings its own 'Volver'. */
export function BusinessPageRoute() {
  return <LazyScreen name="businessPage" />;
}
