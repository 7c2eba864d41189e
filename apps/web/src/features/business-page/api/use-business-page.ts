import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { getBusinessPage } from '../../../api/business-page-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** An unknown registry number answers 404 (the status decides, not the translated message). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The page's first paint: the business, its locations, content counts and subscription in one call. */
export function useBusinessPage(registry: string) {
  return useQuery({
    queryKey: businessPageKeys.page(registry),
    queryFn: ({ signal }) => getBusinessPage(registry, signal),
  });
}
