// A registry number the master looked up whose business was deleted and waits in the trash: who
// deleted it and when, and the way to the 'Papelera' tab where it is restored.
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrashedBusiness } from '../api/business-trash-api.ts';
import { actorName } from '../lib/actor-name.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { relativeTime } from '../lib/relative-time.ts';
import { cn, focusRing } from './cn.ts';
import { EmptyState } from './empty-state.tsx';

/** The master's 'Papelera' tab, searching this registry number. */
export const trashPath = (registry: string) =>
  `/admin-dashboard?tab=papelera&q=${encodeURIComponent(registry)}`;

export function ViewInTrashLink({ registry }: { registry: string }) {
  return (
    <Link
      to={trashPath(registry)}
      className={cn(
        'inline-flex h-10 items-center gap-1.5 rounded-md bg-blue-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-700',
        focusRing,
      )}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      Ver en la Papelera
    </Link>
  );
}

interface BusinessInTrashProps {
  business: TrashedBusiness;
  /** What the screen adds after '… fue eliminado.' (where to restore it, what is still readable). */
  note: string;
  action: ReactNode;
}

export function BusinessInTrash({ business, note, action }: BusinessInTrashProps) {
  const deletedAt = business.deleted_at;
  return (
    <EmptyState
      icon={<Trash2 className="size-6" />}
      title="Este negocio está en la papelera"
      description={
        <>
          «{business.business_name}» ({business.business_registry_number}) fue eliminado. {note}
          <span className="mt-2 block">
            Eliminado por {actorName(business.deleted_by)} el{' '}
            <time dateTime={deletedAt}>{formatDateTime(deletedAt)}</time>
            {` (${relativeTime(deletedAt)}).`}
          </span>
        </>
      }
      action={action}
    />
  );
}
