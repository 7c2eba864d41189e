import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { type BusinessPage, getBusinessPage } from '../../../api/business-page-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** An unknown registry number answers 404 (the status decides, not the translated message). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** How often the page is read again while the owner's access mail is pending. */
export const OWNER_ACCESS_PENDING_REFETCH_MS = 10_000;

/**
 * While the owner's access mail is pending the page is read again, so staff see it go out (or
 * fail) without reloading; not once it is sent, failed or cancelled.
 */
export const businessPageRefetchInterval = (page: BusinessPage | undefined): number | false =>
  page?.owner_access?.status === 'pending' ? OWNER_ACCESS_PENDING_REFETCH_MS : false;

/** The page's first paint: the business, its locations, content counts and subscription in one call. */
export function useBusinessPage(registry: string) {
  return useQuery({
    queryKey: businessPageKeys.page(registry),
    queryFn: ({ signal }) => getBusinessPage(registry, signal),
    refetchInterval: (query) => businessPageRefetchInterval(query.state.data),
    // Not while the page is hidden (another tab, a minimised window).
    refetchIntervalInBackground: false,
  });
}
