import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { useQuery } from '@tanstack/react-query';
import { listRegistrations } from '../../../api/admin-registration-api.ts';

/** The server's largest page (RegistrationsQuery caps page_size at 100). */
const SERVER_PAGE_SIZE = 100;
/** Enough for any real history; past it the newest rows are shown and the screen says so. */
export const MAX_SERVER_PAGES = 50;

export interface RegistrationHistory {
  records: AdminRegistrationRecord[];
  totalRecords: number;
}

/** Every registration record, newest first, paging through the server so the search can be client-side. */
async function fetchAll(signal: AbortSignal): Promise<RegistrationHistory> {
  // Keyed by id: a registration made between two pages shifts the rows, and one may come twice.
  const records = new Map<number, AdminRegistrationRecord>();
  let page = 1;
  let totalPages = 1;
  let totalRecords = 0;
  do {
    const answer = await listRegistrations({ page, page_size: SERVER_PAGE_SIZE }, signal);
    for (const record of answer.registrations) records.set(record.id, record);
    totalPages = answer.pagination.totalPages;
    totalRecords = answer.pagination.totalRecords;
    page += 1;
  } while (page <= totalPages && page <= MAX_SERVER_PAGES);
  return { records: [...records.values()], totalRecords };
}

export function useRegistrationHistory() {
  return useQuery({
    queryKey: ['admin-registration', 'registrations', 'all'],
    queryFn: ({ signal }) => fetchAll(signal),
  });
}
