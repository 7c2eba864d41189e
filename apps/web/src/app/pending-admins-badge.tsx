import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/http-client.ts';

interface AdminStatsAnswer {
  stats?: { pending_admins?: number };
}

/** What a screen reader hears after the tab's name: 'Aprobar Admins, 1 pendiente'. */
export function pendingAdminsText(count: number): string {
  return `, ${new Intl.NumberFormat('es-PR').format(count)} ${count === 1 ? 'pendiente' : 'pendientes'}`;
}

/** How many admins wait for approval, next to the master's 'Aprobar Admins' tab. */
export function PendingAdminsBadge() {
  const { data } = useQuery({
    queryKey: ['admin-registration', 'stats'],
    queryFn: () => apiRequest<AdminStatsAnswer>('/master/registration/api/v1/admin-registration/stats'),
    staleTime: 60_000,
  });
  const pending = data?.stats?.pending_admins ?? 0;
  if (pending <= 0) return null;
  return (
    <span data-testid="pending-admins" className="ml-1.5">
      <span
        aria-hidden="true"
        className="rounded-full bg-amber-100 px-1.5 py-0.5 text-xs leading-none font-semibold text-amber-800"
      >
        {pending}
      </span>
      {/* Hidden by size, not by sr-only: a positioned element counts as a block in the tab's name,
          which would put a space before the comma. */}
      <span className="text-[0px]">{pendingAdminsText(pending)}</span>
    </span>
  );
}
