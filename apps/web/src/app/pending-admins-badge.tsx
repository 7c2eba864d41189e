import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/http-client.ts';

interface AdminStatsAnswer {
  stats?: { pending_admins?: number };
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
    <span
      data-testid="pending-admins"
      className="rounded-full bg-amber-100 px-1.5 py-0.5 text-xs leading-none font-semibold text-amber-800"
    >
      {pending}
      <span className="sr-only"> pendientes</span>
    </span>
  );
}
