// The Spanish words for an admin's access_status: one word for the badge and the filter option.
import type { AdminStatus } from '@portal/contract/enums';

export const STATUS_LABEL: Record<AdminStatus, string> = {
  pending: 'Pendiente',
  active: 'Activo',
  inactive: 'Inactivo',
  suspended: 'Suspendido',
};

/** The status filter: one status, or every admin ('all', shown as 'Todos'). */
export type StatusFilter = AdminStatus | 'all';

export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...(['pending', 'active', 'inactive', 'suspended'] as const).map((value) => ({
    value,
    label: STATUS_LABEL[value],
  })),
];

export function isAdminStatus(value: unknown): value is AdminStatus {
  return typeof value === 'string' && value in STATUS_LABEL;
}

export function statusLabel(status: string): string {
  return isAdminStatus(status) ? STATUS_LABEL[status] : status;
}

export const fullName = (admin: { admin_first_name: string; admin_last_name: string }) =>
  `${admin.admin_first_name} ${admin.admin_last_name}`.trim();
