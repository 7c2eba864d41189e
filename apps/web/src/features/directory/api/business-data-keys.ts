// One key family for SPEC §7 "Business data" (DESIGN §9).
import type { BusinessFilterQuery } from '../../../api/business-data-api.ts';

export const businessDataKeys = {
  all: ['business-data'] as const,
  lists: () => [...businessDataKeys.all, 'list'] as const,
  list: (filters: BusinessFilterQuery, page: number) => [...businessDataKeys.lists(), filters, page] as const,
  stats: () => [...businessDataKeys.all, 'stats'] as const,
};
