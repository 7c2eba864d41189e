import { describe, expect, it } from 'vitest';
import {
  accessLabel,
  adminCardTitle,
  createOptions,
  historyTarget,
  isNotFound,
  LOCK_REASONS,
  lockReason,
  type Viewer,
  valueLabel,
} from './access-rules.ts';

const admin: Viewer = { loginType: 'admin', adminId: 7 };
const master: Viewer = { loginType: 'master', adminId: null };

describe('lockReason (mirrors the server: admins change only their own record)', () => {
  it('lets a master change every record', () => {
    for (const admin_id of [null, 'current_user' as const, 3])
      expect(lockReason({ admin_id }, master)).toBeNull();
  });

  it('locks the master record and other admins for an admin, not their own', () => {
    expect(lockReason({ admin_id: null }, admin)).toBe(LOCK_REASONS.master);
    expect(lockReason({ admin_id: 3 }, admin)).toBe(LOCK_REASONS.otherAdmin);
    expect(lockReason({ admin_id: 'current_user' }, admin)).toBeNull();
    expect(lockReason({ admin_id: 7 }, admin)).toBeNull();
  });
});

describe('createOptions', () => {
  it('offers an admin their own record only when missing', () => {
    expect(createOptions([], admin)).toEqual({ own: true, master: false });
    expect(createOptions([{ admin_id: null }, { admin_id: 3 }], admin)).toEqual({ own: true, master: false });
    expect(createOptions([{ admin_id: 'current_user' }], admin)).toEqual({ own: false, master: false });
  });

  it('offers a master the master record only when missing', () => {
    expect(createOptions([], master)).toEqual({ own: false, master: true });
    expect(createOptions([{ admin_id: 3 }], master)).toEqual({ own: false, master: true });
    expect(createOptions([{ admin_id: null }], master)).toEqual({ own: false, master: false });
  });
});

describe('labels', () => {
  it('names cards and history targets', () => {
    expect(adminCardTitle({ admin_id: 'current_user' }, admin)).toBe('Admin #7 (Mi acceso)');
    expect(adminCardTitle({ admin_id: 3 }, admin)).toBe('Admin #3');
    const entry = {
      id: 1,
      access_type: 'qr_access' as const,
      is_master_access: false,
      old_value: true,
      new_value: false,
      changed_by: 'x',
      changed_at: '2026-01-01T00:00:00Z',
      ip_address: null,
      user_agent: null,
    };
    expect(historyTarget({ ...entry, target_admin_id: null, target_admin_email: null }, admin)).toBe(
      'Acceso Maestro',
    );
    expect(historyTarget({ ...entry, target_admin_id: 3, target_admin_email: 'a@b.pr' }, master)).toBe(
      'Admin #3 · a@b.pr',
    );
  });

  it('labels toggles, values and not-found messages', () => {
    expect(accessLabel('qr_access')).toBe('CÓDIGOS QR');
    expect(accessLabel('public_access')).toBe('ACCESO PÚBLICO');
    expect(valueLabel(true)).toBe('Activado');
    expect(valueLabel(false)).toBe('Desactivado');
    expect(valueLabel(null)).toBe('N/A');
    expect(isNotFound('Business not found')).toBe(true);
    expect(isNotFound('Internal server error')).toBe(false);
  });
});
