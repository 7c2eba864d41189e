import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../ui/cn.ts';
import { LazyScreen, type ScreenName } from './lazy-screens.tsx';

/** A screen on a route of its own (SPEC §2), with a visible way back to the dashboard. */
export function StandalonePage({ screen }: { screen: ScreenName }) {
  return (
    <div className="space-y-4">
      <Link
        to="/admin-dashboard"
        className={`inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 ${focusRing}`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Volver al Panel de Control
      </Link>
      <LazyScreen name={screen} />
    </div>
  );
}

/** /negocios/:registro: the business page brings its own 'Volver'. */
export function BusinessPageRoute() {
  return <LazyScreen name="businessPage" />;
}
