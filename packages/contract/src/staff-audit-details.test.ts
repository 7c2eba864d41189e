import { describe, expect, it } from 'vitest';
import { staffActionText } from './staff-audit.ts';
import { type DetailDates, detailLines, staffRoleLabel, staffTargetText } from './staff-audit-details.ts';

/** Formatters that say which of them wrote a date. */
const DATES: DetailDates = { dateTime: (value) => `momento ${value}`, day: (value) => `día ${value}` };
const lines = (details: Record<string, unknown>) => detailLines(details, DATES);

describe('staff audit details', () => {
  it('lists the details as Spanish name: value lines, skipping empty values', () => {
    expect(lines({ verified_email: true, note: null, nested: { a: 1 }, other_key: 'x' })).toEqual([
      'Email verificado: Sí',
      'nested: {"a":1}',
      'other_key: x',
    ]);
    // A stored value that names an Object member stays as written.
    expect(lines({ business_name: 'constructor', toString: 'x' })).toEqual([
      'Negocio: constructor',
      'toString: x',
    ]);
    expect(
      lines({
        fields: ['admin_first_name', 'access_status'],
        access_status: 'active',
        action: 'business_delete',
      }),
    ).toEqual(['Campos: nombre, estado', 'Estado: Activo', 'Acción: Eliminación de negocio']);
  });

  it("writes a status and a bulk action as the badges and the buttons do, a list's fields in lower case", () => {
    const states = ['pending', 'active', 'inactive', 'suspended'].map(
      (status) => lines({ access_status: status })[0],
    );
    expect(states).toEqual(['Estado: Pendiente', 'Estado: Activo', 'Estado: Inactivo', 'Estado: Suspendido']);
    const actions = ['activate', 'deactivate', 'suspend', 'delete'].map(
      (action) => lines({ bulk_action: action })[0],
    );
    expect(actions).toEqual([
      'Acción: Activar',
      'Acción: Desactivar',
      'Acción: Suspender',
      'Acción: Eliminar',
    ]);
    expect(
      lines({ fields: ['admin_first_name', 'admin_last_name', 'admin_email', 'access_status'] }),
    ).toEqual(['Campos: nombre, apellido, email, estado']);
  });

  it("leaves out an empty list: a bulk action where nothing failed has no 'Fallos' line", () => {
    expect(
      lines({
        bulk_action: 'verify',
        requested: 2,
        succeeded: 2,
        failed: 0,
        succeeded_registry_numbers: ['REG000001', 'REG000002'],
        failures: [],
      }),
    ).toEqual([
      'Acción: Verificar',
      'Solicitados: 2',
      'Aplicados: 2',
      'Fallidos: 0',
      'Registros aplicados: REG000001, REG000002',
    ]);
    expect(lines({ failures: ['REG000003 (409)'] })).toEqual(['Fallos (registro y código): REG000003 (409)']);
  });

  it("names a business edit's fields and what a bulk update set as the screens do", () => {
    expect(lines({ business_name: 'Café Sol', fields: ['business_phone', 'business_category'] })).toEqual([
      'Negocio: Café Sol',
      'Campos: Teléfono, Categoría',
    ]);
    expect(
      lines({
        bulk_action: 'update',
        fields: { business_category: 'Panaderías', business_description: null },
      }),
    ).toEqual(['Campos: Categoría → Panaderías; Descripción → (vacío)', 'Acción: Cambiar datos']);
  });

  it("reads a directory export's filters and order in Spanish", () => {
    expect(
      lines({
        year: 2004,
        verifiedEmail: true,
        verifiedPhone: false,
        sortBy: 'registration_date',
        sortOrder: 'desc',
      }),
    ).toEqual([
      'Año: 2004',
      'Email verificado: Sí',
      'Teléfono verificado: No',
      'Ordenar por: fecha de registro',
      'Orden: descendente',
    ]);
  });

  it("reads an import's commit and its retry of the owners' mails in Spanish", () => {
    const details = { send_owner_access: true, rows: 2, file_name: 'negocios.csv', import_id: 'abc' };
    expect(staffActionText({ action: 'business_import', details })).toBe('Importación de negocios');
    expect(lines(details)).toEqual([
      'Importación: abc',
      'Nombre del archivo: negocios.csv',
      'Filas: 2',
      'Enviar acceso a los dueños: Sí',
    ]);
    expect(staffActionText({ action: 'import_owner_access_retry' })).toBe(
      'Reintento de envíos de acceso de una importación',
    );
    expect(lines({ retried: 3, import_id: 'abc' })).toEqual(['Importación: abc', 'Envíos reintentados: 3']);
  });

  it('shows the value before the change ahead of the value after it, in whatever order the keys come', () => {
    // jsonb gives equal-length keys in byte order: new_* before old_*.
    expect(lines({ new_email: 'nuevo@portal.test', old_email: 'viejo@portal.test' })).toEqual([
      'Email anterior: viejo@portal.test',
      'Email nuevo: nuevo@portal.test',
    ]);
    expect(lines({ new_value: true, old_value: false, access_type: 'qr_access' })).toEqual([
      'Acceso: códigos QR',
      'Antes: No',
      'Después: Sí',
    ]);
  });

  it("names a bulk action's admins with their ids, and shows the ids alone on rows without names", () => {
    const named = {
      admin_ids: [3, 2],
      bulk_action: 'suspend',
      admins: [
        { admin_id: 3, name: 'Ana Rivera' },
        { admin_id: 2, name: 'Luis Soto' },
      ],
    };
    expect(lines(named)).toEqual(['Acción: Suspender', 'Administradores: Ana Rivera (#3), Luis Soto (#2)']);
    expect(lines({ admin_ids: [3, 2], bulk_action: 'delete' })).toEqual([
      'Acción: Eliminar',
      'Administradores: #3, #2',
    ]);
  });

  it('names the target and the role', () => {
    const none = { target_kind: null, target_admin_id: null, target_registry: null };
    expect(staffTargetText({ ...none, target_kind: 'business', target_registry: 'REG000123' })).toBe(
      'REG000123',
    );
    expect(staffTargetText({ ...none, target_kind: 'admin', target_admin_id: 7 })).toBe('Administrador #7');
    expect(staffTargetText({ ...none, target_kind: 'admins' })).toBe('Varios administradores');
    expect(staffTargetText(none)).toBe('—');
    expect(staffRoleLabel('master')).toBe('Maestro');
    expect(staffRoleLabel('admin')).toBe('Admin');
    expect(staffRoleLabel('system')).toBe('Sistema');
  });

  it('reads a month of history archived by the retention', () => {
    const details = {
      table: 'business_change_logs',
      month: '2025-01',
      rows: 2,
      archive: 'business_change_logs-2025-01.csv.gz',
    };
    expect(lines(details)).toEqual([
      'Tabla: historial de cambios',
      'Mes: 2025-01',
      'Filas: 2',
      'Archivo: business_change_logs-2025-01.csv.gz',
    ]);
  });

  it('counts the sessions a sign-out of the others ended instead of listing their ids', () => {
    const ids = Array.from(
      { length: 29 },
      (_, i) => `0b7c1e0a-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(lines({ session_ids: ids, ended_count: 29 })).toEqual(['Sesiones cerradas: 29']);
    expect(lines({ session_ids: ids.slice(0, 3) })).toEqual(['Sesiones: 3']);
  });

  it("writes every date a detail holds through the caller's formatters, a calendar day as a day", () => {
    const deletedAt = '2026-11-29T04:17:37.074Z';
    expect(lines({ deleted_at: deletedAt, business_name: 'Panadería Sol' })).toEqual([
      'Negocio: Panadería Sol',
      `Eliminado el: momento ${deletedAt}`,
    ]);
    expect(
      lines({ was_locked: true, locked_until: '2026-11-29T05:00:00.000Z', target_identifier: 'ana' }),
    ).toEqual([
      'Identificador: ana',
      'Estaba bloqueado: Sí',
      'Bloqueado hasta: momento 2026-11-29T05:00:00.000Z',
    ]);
    // An export's filters: a day stays a day, a timestamp is a moment; the directory's are camelCase.
    expect(lines({ date_to: '2026-05-31T12:00:00Z', date_from: '2026-05-01', format: 'csv' })).toEqual([
      'Fecha desde: día 2026-05-01',
      'Fecha hasta: momento 2026-05-31T12:00:00Z',
      'Formato: csv',
    ]);
    expect(lines({ dateTo: '2026-05-31', dateFrom: '2026-05-01' })).toEqual([
      'Fecha desde: día 2026-05-01',
      'Fecha hasta: día 2026-05-31',
    ]);
    // Text that only looks like a date is not one.
    expect(lines({ business_name: '2026-05-01' })).toEqual(['Negocio: 2026-05-01']);
  });

  it("names an export's file format: Excel for xlsx, CSV otherwise", () => {
    expect(staffActionText({ action: 'export_directory', details: { format: 'xlsx' } })).toBe(
      'Exportación del directorio (Excel)',
    );
    expect(staffActionText({ action: 'export_audit', details: { format: 'csv' } })).toBe(
      'Exportación de auditoría (CSV)',
    );
    expect(staffActionText({ action: 'export_history', details: {} })).toBe('Exportación de historial (CSV)');
    expect(staffActionText({ action: 'business_delete', details: { format: 'xlsx' } })).toBe(
      'Eliminación de negocio',
    );
  });
});
