// Staff audit log (beyond SPEC): every staff write, read by the master.
//   GET /master/staff-audit/api/v1/staff-actions          a page, newest first or sorted, with filters
//   GET /master/staff-audit/api/v1/staff-actions/export   the same filters as CSV (up to 10,000 rows)
//   GET /master/staff-audit/api/v1/staff-actions/health
import { z } from 'zod';
import { LOCK_RELEASE_ACTION } from './admin-lockout.ts';
import { exportFormatSchema } from './exports.ts';
import { LIMITS } from './limits.ts';
import {
  dateQuery,
  datesInOrder,
  limitSchema,
  offsetSchema,
  sortBySchema,
  sortOrderSchema,
} from './list-filters.ts';
import { MSG } from './messages.ts';

export const STAFF_AUDIT_PATH = '/master/staff-audit/api/v1/staff-actions';
export const STAFF_AUDIT_PAGE_SIZE = 20;

/** Every action the server records, with the portal's Spanish label. */
export const STAFF_ACTION_LABELS = {
  admin_create: 'Creación de administrador',
  admin_approve: 'Aprobación de administrador',
  admin_update: 'Edición de administrador',
  admin_reset_password: 'Restablecimiento de contraseña',
  admin_bulk: 'Acción masiva sobre administradores',
  admin_delete: 'Eliminación de administrador',
  [LOCK_RELEASE_ACTION]: 'Desbloqueo de inicio de sesión',
  verification_update: 'Cambio de verificación',
  email_change_request: 'Solicitud de cambio de email',
  email_change_confirm: 'Confirmación de cambio de email',
  verification_code_send: 'Envío de código de verificación',
  business_delete: 'Eliminación de negocio',
  business_update: 'Edición de datos de negocio',
  business_restore: 'Restauración de negocio desde la papelera',
  business_purge: 'Eliminación definitiva de negocio',
  trash_purge: 'Vaciado de la papelera por antigüedad',
  business_bulk: 'Acción masiva sobre negocios',
  access_toggle: 'Cambio de acceso',
  access_create: 'Creación de acceso',
  business_register: 'Registro de negocio',
  business_import: 'Importación de negocios',
  import_owner_access_retry: 'Reintento de envíos de acceso de una importación',
  business_import_cancel: 'Cancelación de una importación',
  business_import_discard: 'Descarte de una importación no iniciada',
  owner_access_retry: 'Reenvío de la contraseña temporal al dueño',
  location_add: 'Nueva ubicación',
  location_coordinates: 'Cambio de coordenadas',
  export_directory: 'Exportación del directorio',
  export_history: 'Exportación de historial',
  export_audit: 'Exportación de auditoría',
  session_end: 'Cierre de una sesión propia',
  session_end_others: 'Cierre de las demás sesiones',
  admin_session_end: 'Cierre de sesión de un administrador',
  two_factor_policy: 'Cambio de la política de verificación en dos pasos',
  two_factor_enable: 'Activación de verificación en dos pasos',
  two_factor_disable: 'Desactivación de verificación en dos pasos',
  history_month_archived: 'Archivo y borrado de un mes de historial',
  history_month_restored: 'Restauración de un mes de historial',
  payment_event_resolve: 'Evento de pago sin negocio marcado como resuelto',
  payment_event_reopen: 'Evento de pago sin negocio reabierto',
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Inicio de sesión fallido',
  two_factor_failed: 'Código de verificación en dos pasos incorrecto',
  recovery_code_used: 'Uso de un código de recuperación',
  password_change: 'Cambio de contraseña propia',
  password_change_failed: 'Cambio de contraseña rechazado (contraseña actual incorrecta)',
  recovery_codes_regenerate: 'Generación de nuevos códigos de recuperación',
  recovery_codes_regenerate_failed: 'Generación de códigos rechazada (contraseña incorrecta)',
} as const;

/** Records of attempts (a wrong password or code): written by a refused call, like login_attempts. */
export const ATTEMPT_ACTIONS = [
  'sign_in_failed',
  'two_factor_failed',
  'password_change_failed',
  'recovery_codes_regenerate_failed',
] as const;

export type StaffAction = keyof typeof STAFF_ACTION_LABELS;
export const STAFF_ACTIONS = Object.keys(STAFF_ACTION_LABELS) as [StaffAction, ...StaffAction[]];
export const STAFF_TARGET_KINDS = [
  'admin',
  'admins',
  'business',
  'directory',
  'audit',
  'payment_event',
] as const;
export type StaffTargetKind = (typeof STAFF_TARGET_KINDS)[number];

export const STAFF_AUDIT_MSG = {
  invalidAction: 'Invalid action',
} as const;

/** Unknown action in a label: shown as is (a row written by a newer server). */
export const staffActionLabel = (action: string): string =>
  (STAFF_ACTION_LABELS as Record<string, string>)[action] ?? action;

const FORMAT_NAMES: Record<string, string> = { csv: 'CSV', xlsx: 'Excel' };

/**
 * One row's action as people read it: an export names the file it made, 'Exportación del
 * directorio (Excel)' or '(CSV)' (rows written before the format was kept were all CSV).
 */
export function staffActionText(row: { action: string; details?: Record<string, unknown> | null }): string {
  const label = staffActionLabel(row.action);
  if (!row.action.startsWith('export_')) return label;
  const format = row.details?.format;
  return `${label} (${(typeof format === 'string' && FORMAT_NAMES[format]) || 'CSV'})`;
}

/** What the audit list can be sorted by; without `sort_by`, newest first. */
export const STAFF_AUDIT_SORT_FIELDS = ['created_at', 'staff', 'action'] as const;
export type StaffAuditSortField = (typeof STAFF_AUDIT_SORT_FIELDS)[number];

const filterFields = {
  /** Part of the staff member's identifier (an admin's email, or 'Master'), any case. */
  staff: z.string().trim().min(1).max(LIMITS.text.email).optional(),
  action: z.enum(STAFF_ACTIONS, { error: STAFF_AUDIT_MSG.invalidAction }).optional(),
  registry: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .transform((value) => value.toUpperCase())
    .optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  /** Every key takes the direction (desc is asc reversed), then the date and the id. */
  sort_by: sortBySchema(STAFF_AUDIT_SORT_FIELDS, MSG.staffAuditSortBy).optional(),
  /** Without it: created_at desc; staff and action asc. */
  sort_order: sortOrderSchema.optional(),
};

const inOrder = (q: { date_from?: string; date_to?: string }) => datesInOrder(q.date_from, q.date_to);

export const StaffActionListQuery = z
  .object({ ...filterFields, limit: limitSchema(STAFF_AUDIT_PAGE_SIZE), offset: offsetSchema })
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

export const StaffActionExportQuery = z
  .object({ ...filterFields, format: exportFormatSchema })
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

export type StaffActionFilters = Omit<z.output<typeof StaffActionExportQuery>, 'format'>;
export type StaffActionListInput = z.input<typeof StaffActionListQuery>;

export const StaffActionRecord = z.object({
  id: z.number(),
  action: z.string(),
  /** 'system': the server itself (a month of history archived by the retention). */
  /** 'unknown': a failed sign-in with an identifier that names no account. */
  actor_role: z.enum(['admin', 'master', 'system', 'unknown']),
  actor_admin_id: z.number().nullable(),
  actor_identifier: z.string(),
  target_kind: z.string().nullable(),
  target_admin_id: z.number().nullable(),
  target_registry: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
});
export type StaffActionRecord = z.infer<typeof StaffActionRecord>;

export const StaffActionPageResponse = z.object({
  success: z.literal(true),
  staff_actions: z.array(StaffActionRecord),
  total_count: z.number(),
  has_more: z.boolean(),
});
export type StaffActionPage = z.infer<typeof StaffActionPageResponse>;

export const StaffAuditHealthResponse = z.object({
  success: z.literal(true),
  service: z.string(),
  status: z.string(),
});

/** The audit CSV's headers: the 'Auditoría' table's columns, 'IP / Navegador' split in two. */
export const STAFF_ACTION_CSV_HEADERS = [
  'ID',
  'Fecha y Hora',
  'Miembro del personal',
  'Rol',
  'ID de administrador',
  'Acción',
  'Objetivo',
  'Detalles',
  'IP',
  'Navegador',
  'Agente de Usuario',
] as const;
