import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { focusRing } from '../../../ui/cn.ts';

const style = `inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 ${focusRing}`;

/** 'Volver': back to exactly where the person came from (the directory keeps its search, filters and
 * page in the URL), or to the dashboard when the page was opened directly. */
export function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const icon = <ArrowLeft className="size-4" aria-hidden="true" />;
  if (location.key === 'default') {
    return (
      <Link to="/admin-dashboard" className={style}>
        {icon}
        Volver
      </Link>
    );
  }
  return (
    <button type="button" className={style} onClick={() => void navigate(-1)}>
      {icon}
      Volver
    </button>
  );
}
