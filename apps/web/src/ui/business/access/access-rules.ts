// What the access screen shows and allows, mirroring access.service.ts on the server: a master may
// change every record; an admin only their own (listed as admin_id 'current_user').
import type { AccessControl, AccessHistoryEntry } from '@portal/contract/access';
import type { AccessType } from '@portal/contract/enums';

export const ACCESS_TOGGLES: { type: AccessType; label: string }[] = [
  { type: 'public_access', label: 'ACCESO PÚBLICO' },
  { type: 'product_access', label: 'PRODUCTOS' },
  { type: 'service_access', label: 'SERVICIOS' },
  { type: 'employee_access', label: 'EMPLEADOS' },
  { type: 'event_access', label: 'EVENTOS' },
  { type: 'qr_access', label: 'CÓDIGOS QR' },
];

export function accessLabel(type: string): string {
  return ACCESS_TOGGLES.find((toggle) => toggle.type === type)?.label ?? type;
}

export const LOCK_REASONS = {
  master: 'Solo un usuario maestro puede cambiar el Control de Acceso Maestro.',
  otherAdmin: 'Solo un usuario maestro puede cambiar el acceso de otro administrador.',
} as const;

/** On a toggle a master turned off last: only a master turns it back on (README "A master's 'off' binds"). */
export const MASTER_OFF_NOTE = 'Desactivado por un usuario maestro';

/** Whether the toggle is off because a master turned it off (the server lists it on admins' records). */
export function isOffByMaster(record: AccessControl, type: AccessType): boolean {
  return !record[type] && (record.turned_off_by_master?.includes(type) ?? false);
}

export interface Viewer {
  loginType: 'admin' | 'master';
  adminId: number | null;
}

export function isOwnRecord(record: Pick<AccessControl, 'admin_id'>, viewer: Viewer): boolean {
  if (viewer.loginType !== 'admin' || record.admin_id === null) return false;
  return record.admin_id === 'current_user' || record.admin_id === viewer.adminId;
}

/** Why the viewer may not change this record, or null when they may. */
export function lockReason(record: Pick<AccessControl, 'admin_id'>, viewer: Viewer): string | null {
  if (viewer.loginType === 'master') return null;
  if (record.admin_id === null) return LOCK_REASONS.master;
  return isOwnRecord(record, viewer) ? null : LOCK_REASONS.otherAdmin;
}

/** Which create-default buttons apply: an admin without a record of their own; a master without
 * the master record (a master's default is the master record). */
export function createOptions(records: Pick<AccessControl, 'admin_id'>[], viewer: Viewer) {
  return {
    own: viewer.loginType === 'admin' && !records.some((record) => isOwnRecord(record, viewer)),
    master: viewer.loginType === 'master' && !records.some((record) => record.admin_id === null),
  };
}

/** The admin's id, or for the viewer's own record the viewer's id. */
function adminNumber(adminId: AccessControl['admin_id'], viewer: Viewer): number | null {
  if (adminId === 'current_user') return viewer.adminId;
  return adminId;
}

/** 'Admin #12', with '(Mi acceso)' for the viewer's own record. */
export function adminCardTitle(record: Pick<AccessControl, 'admin_id'>, viewer: Viewer): string {
  const id = adminNumber(record.admin_id, viewer);
  const title = id === null ? 'Administrador' : `Admin #${id}`;
  return isOwnRecord(record, viewer) ? `${title} (Mi acceso)` : title;
}

/** Whose record a history row changed. */
export function historyTarget(entry: AccessHistoryEntry, viewer: Viewer): string {
  if (entry.target_admin_id === null) return 'Acceso Maestro';
  const title = adminCardTitle({ admin_id: entry.target_admin_id }, viewer);
  return entry.target_admin_email ? `${title} · ${entry.target_admin_email}` : title;
}

export function valueLabel(value: boolean | null): string {
  if (value === null) return 'N/A';
  return value ? 'Activado' : 'Desactivado';
}

/** SPEC §8: a lookup error whose message says 'not found' is an unknown registry. */
export function isNotFound(message: string): boolean {
  return message.toLowerCase().includes('not found');
}
