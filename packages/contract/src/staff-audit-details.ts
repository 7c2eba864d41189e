// How a staff audit row reads in Spanish, for the 'Auditoría' screen and the audit CSV alike:
// the detail lines (in a fixed reading order, before-values ahead of after-values), the target
// and the role. PostgreSQL's jsonb keeps keys in its own order (shortest first), so the order
// a row was written in is lost: it comes from DETAIL_LABELS below.
import { businessColumnLabel } from './business-columns.ts';
import { type StaffActionRecord, staffActionLabel } from './staff-audit.ts';

/** Spanish names of the detail keys the server writes, in the order they are shown. */
const DETAIL_LABELS: Record<string, string> = {
  business_name: 'Negocio',
  business_id: 'ID del negocio',
  admin_email: 'Email',
  fields: 'Campos',
  registries: 'Negocios',
  retention_days: 'Días de retención',
  deleted_at: 'Eliminado el',
  access_status: 'Estado',
  bulk_action: 'Acción',
  requested: 'Solicitados',
  succeeded: 'Aplicados',
  failed: 'Fallidos',
  succeeded_registry_numbers: 'Registros aplicados',
  failures: 'Fallos (registro y código)',
  business_category: 'Categoría',
  business_description: 'Descripción',
  business_year: 'Año',
  admins: 'Administradores',
  admin_ids: 'Administradores',
  target_identifier: 'Identificador',
  was_locked: 'Estaba bloqueado',
  locked_until: 'Bloqueado hasta',
  cleared_failures: 'Intentos borrados',
  failure_ip_addresses: 'IP de los intentos',
  verified_email: 'Email verificado',
  verified_phone: 'Teléfono verificado',
  email: 'Email',
  old_email: 'Email anterior',
  new_email: 'Email nuevo',
  access_type: 'Acceso',
  old_value: 'Antes',
  new_value: 'Después',
  is_master: 'Maestro',
  location_id: 'Ubicación',
  location_address_1: 'Dirección',
  location_city: 'Ciudad',
  location_latitude: 'Latitud',
  location_longitude: 'Longitud',
  search: 'Búsqueda',
  category: 'Categoría',
  limit: 'Límite',
  offset: 'Desde fila',
  staff: 'Personal',
  action: 'Acción',
  registry: 'Registro',
  date_from: 'Fecha desde',
  date_to: 'Fecha hasta',
  // The directory export's filters, as its query normalises them.
  dateFrom: 'Fecha desde',
  dateTo: 'Fecha hasta',
  year: 'Año',
  verifiedEmail: 'Email verificado',
  verifiedPhone: 'Teléfono verificado',
  sortBy: 'Ordenar por',
  sortOrder: 'Orden',
  format: 'Formato',
  all: 'Todo',
  table: 'Tabla',
  month: 'Mes',
  import_id: 'Importación',
  file_name: 'Nombre del archivo',
  rows: 'Filas',
  send_owner_access: 'Enviar acceso a los dueños',
  retried: 'Envíos reintentados',
  archive: 'Archivo',
  session_id: 'Sesión',
  session_ip_address: 'IP de la sesión',
  session_user_agent: 'Navegador de la sesión',
  ended_count: 'Sesiones cerradas',
  session_ids: 'Sesiones',
  reason: 'Motivo',
  during: 'Durante',
  second_factor: 'Segundo paso',
  recovery_codes_left: 'Códigos de recuperación restantes',
  proof: 'Confirmado con',
  admins_require_2fa: 'Verificación en dos pasos obligatoria para administradores',
  admins_signed_out: 'Administradores cuya sesión se cerró',
  provider: 'Proveedor',
  event_id: 'Evento',
  event_type: 'Tipo de evento',
};

// Maps, not object lookups: a value such as 'constructor' must not find Object's own members.
const DETAIL_LABEL = new Map(Object.entries(DETAIL_LABELS));
const DETAIL_ORDER = new Map(Object.keys(DETAIL_LABELS).map((key, index) => [key, index]));

/**
 * Spanish words for the values the server writes in English. A status or a bulk action reads as its
 * badge or button does ('Estado: Pendiente', 'Acción: Activar'); the rest (a field named in
 * 'Campos: nombre, apellido', a reason) follows its label in lower case.
 */
const VALUE_LABELS = new Map<string, string>(
  Object.entries({
    // The status badges' words (the admin list, the access badge).
    pending: 'Pendiente',
    active: 'Activo',
    inactive: 'Inactivo',
    suspended: 'Suspendido',
    // The bulk bars' buttons.
    activate: 'Activar',
    deactivate: 'Desactivar',
    suspend: 'Suspender',
    delete: 'Eliminar',
    verify: 'Verificar',
    update: 'Cambiar datos',
    admin_first_name: 'nombre',
    admin_last_name: 'apellido',
    admin_email: 'email',
    admin_phone: 'teléfono',
    access_status: 'estado',
    public_access: 'acceso público',
    product_access: 'productos',
    service_access: 'servicios',
    employee_access: 'empleados',
    event_access: 'eventos',
    qr_access: 'códigos QR',
    business_change_logs: 'historial de cambios',
    staff_actions: 'auditoría del personal',
    wrong_password: 'contraseña incorrecta',
    account_not_active: 'cuenta no activa',
    unknown_account: 'cuenta inexistente',
    sign_in: 'inicio de sesión',
    disable: 'desactivación de la verificación en dos pasos',
    enable: 'activación de la verificación en dos pasos',
    regenerate_codes: 'generación de códigos de recuperación',
    totp: 'código de la aplicación',
    setup: 'configuración de la verificación en dos pasos',
    recovery_code: 'código de recuperación',
    password: 'contraseña',
    stripe: 'Stripe',
    paypal: 'PayPal',
  }),
);

/** The directory's orders (sortBy, sortOrder of an export's filters). */
const SORT_LABELS = new Map<string, string>(
  Object.entries({
    name: 'nombre',
    registration_date: 'fecha de registro',
    verification: 'verificación',
    asc: 'ascendente',
    desc: 'descendente',
  }),
);

/** A business field an edit or a bulk update named ('Teléfono'), or an admin's field ('teléfono'). */
const fieldText = (field: string) => {
  const label = businessColumnLabel(field);
  return label === field ? (VALUE_LABELS.get(field) ?? field) : label;
};

/** What a bulk update set: `Categoría → Panaderías`, one per field, a cleared one as '(vacío)'. */
const fieldsSetText = (fields: object) =>
  Object.entries(fields)
    .map(
      ([field, value]) =>
        `${fieldText(field)} → ${value === null || value === '' ? '(vacío)' : String(value)}`,
    )
    .join('; ');

/**
 * The keys holding a moment (ISO 8601), or (an export's date filters) a calendar day
 * ('2026-05-01') or a moment: written in the reader's words by the caller's DetailDates.
 */
const DATE_KEYS = new Set(['deleted_at', 'locked_until', 'date_from', 'date_to', 'dateFrom', 'dateTo']);
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * How a detail's date reads: the portal passes its es-PR formatters (the reader's time zone), the
 * server the same format in Puerto Rico's time zone for the audit file. The contract stays free of
 * either.
 */
export interface DetailDates {
  /** A moment, as ISO 8601. */
  dateTime: (value: string) => string;
  /** A calendar day, 'YYYY-MM-DD': the same day wherever it is read. */
  day: (value: string) => string;
}

const dateText = (value: string, dates: DetailDates) =>
  CALENDAR_DAY.test(value) ? dates.day(value) : dates.dateTime(value);

/** An admin a bulk action named: `{ admin_id, name }` (rows written before names were kept have ids only). */
interface NamedAdmin {
  admin_id: number;
  name: string;
}

/** A setting's change, `{ from, to }` (the two-factor policy): 'No → Sí'. */
const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

const isNamedAdmin = (value: unknown): value is NamedAdmin =>
  typeof value === 'object' && value !== null && 'admin_id' in value && 'name' in value;

function detailValue(value: unknown, key: string, dates: DetailDates): string {
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string' && DATE_KEYS.has(key)) return dateText(value, dates);
  if (isChange(value)) return `${detailValue(value.from, key, dates)} → ${detailValue(value.to, key, dates)}`;
  if (isNamedAdmin(value)) return value.name ? `${value.name} (#${value.admin_id})` : `#${value.admin_id}`;
  if (key === 'admin_ids' && typeof value === 'number') return `#${value}`;
  // Session ids mean nothing to a reader: how many there were.
  if (key === 'session_ids' && Array.isArray(value)) return String(value.length);
  if (Array.isArray(value)) return value.map((item) => detailValue(item, key, dates)).join(', ');
  if (key === 'fields')
    return value !== null && typeof value === 'object' ? fieldsSetText(value) : fieldText(String(value));
  if (typeof value === 'object') return JSON.stringify(value);
  if (key === 'sortBy' || key === 'sortOrder') return SORT_LABELS.get(String(value)) ?? String(value);
  if (key === 'action') return staffActionLabel(String(value));
  return VALUE_LABELS.get(String(value)) ?? String(value);
}

const rank = (key: string) => DETAIL_ORDER.get(key) ?? DETAIL_ORDER.size;

/**
 * One line per detail, `Nombre: valor`, in the order of DETAIL_LABELS (unknown keys last, as
 * written), dates through `dates`; empty values are left out, the bare ids of a bulk action when
 * its names are there, and session ids (their count instead, once).
 */
export function detailLines(details: Record<string, unknown>, dates: DetailDates): string[] {
  const named = Array.isArray(details.admins);
  const counted = typeof details.ended_count === 'number';
  const shown: string[] = [];
  for (const key of Object.keys(details)) {
    const value = details[key];
    if (value === null || value === undefined || value === '' || (named && key === 'admin_ids')) continue;
    // A list with nothing in it (a bulk action's failures when none failed) says nothing either.
    if (Array.isArray(value) && value.length === 0) continue;
    if (counted && key === 'session_ids') continue;
    shown.push(key);
  }
  if (shown.length > 1) shown.sort((a, b) => rank(a) - rank(b));
  return shown.map((key) => `${DETAIL_LABEL.get(key) ?? key}: ${detailValue(details[key], key, dates)}`);
}

type TargetFields = Pick<StaffActionRecord, 'target_kind' | 'target_admin_id' | 'target_registry'>;

/** The 'Objetivo' column: a registry number, 'Administrador #3', 'Varios administradores'... */
export function staffTargetText(row: TargetFields): string {
  if (row.target_registry) return row.target_registry;
  if (row.target_kind === 'admin' && row.target_admin_id !== null)
    return `Administrador #${row.target_admin_id}`;
  if (row.target_kind === 'admins') return 'Varios administradores';
  if (row.target_kind === 'directory') return 'Directorio';
  if (row.target_kind === 'audit') return 'Auditoría';
  if (row.target_kind === 'payment_event') return 'Evento de pago';
  return '—';
}

/** The role badge of the 'Miembro del personal' column. */
const ROLE_LABELS = new Map([
  ['master', 'Maestro'],
  ['system', 'Sistema'],
  ['unknown', 'Sin cuenta'],
]);
export const staffRoleLabel = (role: string): string => ROLE_LABELS.get(role) ?? 'Admin';
