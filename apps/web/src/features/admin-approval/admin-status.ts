// The Spanish words for an admin's access_status (issue #13: pendiente, activo, inactivo, suspendido).
import type { AdminStatus } from '@portal/contract/enums';

export const STATUS_LABEL: Record<AdminStatus, string> = {
  pending: 'pendiente',
  active: 'activo',
  inactive: 'inactivo',
  suspended: 'suspendido',
};

/** The status filter: one status, or every admin ('all', shown as 'Todos'). */
export type StatusFilter = AdminStatus | 'all';

export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendiente' },
  { value: 'active', label: 'Activo' },
  { value: 'inactive', label: 'Inactivo' },
  { value: 'suspended', label: 'Suspendido' },
];

export function isAdminStatus(value: unknown): value is AdminStatus {
  return typeof value === 'string' && value in STATUS_LABEL;
}

export function statusLabel(status: string): string {
  return isAdminStatus(status) ? STATUS_LABEL[status] : status;
}

export const fullName = (admin: { admin_first_name: string; admin_last_name: string }) =>
  `${admin.admin_first_name} ${admin.admin_last_name}`.trim();
