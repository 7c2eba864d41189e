// One key family for SPEC §7 "Admin registration" (shared with the header's pending badge, which
// reads ['admin-registration', 'stats']): a change invalidates the whole family.
import type { AdminListParams } from '../../../api/admin-accounts-api.ts';

export const adminKeys = {
  all: ['admin-registration'] as const,
  list: (params: AdminListParams) => ['admin-registration', 'list', params] as const,
  stats: ['admin-registration', 'stats'] as const,
  lockouts: ['admin-registration', 'lockouts'] as const,
};
