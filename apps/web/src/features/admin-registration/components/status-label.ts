// Admin account states in Spanish, for the confirmation and the success banner.
const LABELS: Record<string, string> = {
  pending: 'Pendiente',
  active: 'Activo',
  inactive: 'Inactivo',
  suspended: 'Suspendido',
};

export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'N/A';
  return LABELS[status] ?? status;
}
