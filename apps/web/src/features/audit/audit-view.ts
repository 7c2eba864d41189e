// The audit view in the URL (DESIGN §9): ?personal=&accion=&registro=&desde=&hasta=&pagina=
import { staffActionLabel } from '@portal/contract/staff-audit';
import type { AuditFilterQuery } from './api/staff-audit-api.ts';

export interface AuditFilters {
  staff: string;
  action: string;
  registry: string;
  dateFrom: string;
  dateTo: string;
}

export interface AuditView extends AuditFilters {
  page: number;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  staff: '',
  action: '',
  registry: '',
  dateFrom: '',
  dateTo: '',
};

const PARAMS: Record<keyof AuditFilters, string> = {
  staff: 'personal',
  action: 'accion',
  registry: 'registro',
  dateFrom: 'desde',
  dateTo: 'hasta',
};

export function readAuditView(params: URLSearchParams): AuditView {
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[])
    filters[key] = params.get(PARAMS[key]) ?? '';
  return { ...filters, page: Number.isFinite(page) && page > 1 ? page : 1 };
}

/** The params with the view written in; other params (the dashboard's ?tab=) are kept. */
export function writeAuditView(params: URLSearchParams, view: AuditView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[]) {
    const value = view[key].trim();
    if (value) next.set(PARAMS[key], value);
    else next.delete(PARAMS[key]);
  }
  if (view.page > 1) next.set('pagina', String(view.page));
  else next.delete('pagina');
  return next;
}

export function toAuditQuery(filters: AuditFilters): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  if (filters.staff.trim()) query.staff = filters.staff.trim();
  if (filters.action) query.action = filters.action;
  if (filters.registry.trim()) query.registry = filters.registry.trim().toUpperCase();
  if (filters.dateFrom) query.date_from = filters.dateFrom;
  if (filters.dateTo) query.date_to = filters.dateTo;
  return query;
}

export const isFiltered = (filters: AuditFilters) => Object.keys(toAuditQuery(filters)).length > 0;

export const datesInOrder = (filters: AuditFilters) =>
  !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;

/** Spanish names of the detail keys the server writes; an unknown key shows as written. */
const DETAIL_LABELS: Record<string, string> = {
  admin_email: 'Email',
  access_status: 'Estado',
  fields: 'Campos',
  bulk_action: 'Acción',
  admin_ids: 'Administradores',
  target_identifier: 'Identificador',
  was_locked: 'Estaba bloqueado',
  locked_until: 'Bloqueado hasta',
  cleared_failures: 'Intentos borrados',
  failure_ip_addresses: 'IP de los intentos',
  verified_email: 'Email verificado',
  verified_phone: 'Teléfono verificado',
  old_email: 'Email anterior',
  new_email: 'Email nuevo',
  email: 'Email',
  business_id: 'ID del negocio',
  business_name: 'Negocio',
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
};

/** Spanish words for the values the server writes in English (statuses, bulk actions, fields). */
const VALUE_LABELS: Record<string, string> = {
  pending: 'pendiente',
  active: 'activo',
  inactive: 'inactivo',
  suspended: 'suspendido',
  activate: 'activar',
  deactivate: 'desactivar',
  suspend: 'suspender',
  delete: 'eliminar',
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
};

function detailValue(value: unknown, key: string): string {
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.map((item) => detailValue(item, key)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (key === 'action') return staffActionLabel(String(value));
  return VALUE_LABELS[String(value)] ?? String(value);
}

/** One line per detail for the 'Detalles' column, `Nombre: valor`; empty values are left out. */
export function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${detailValue(value, key)}`);
}
