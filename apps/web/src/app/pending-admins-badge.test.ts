import { describe, expect, it } from 'vitest';
import { pendingAdminsText } from './pending-admins-badge.tsx';

describe('pendingAdminsText', () => {
  it('reads one or several pending admins in Spanish after the tab name', () => {
    expect(`Aprobar Admins${pendingAdminsText(1)}`).toBe('Aprobar Admins, 1 pendiente');
    expect(`Aprobar Admins${pendingAdminsText(2)}`).toBe('Aprobar Admins, 2 pendientes');
  });
});
