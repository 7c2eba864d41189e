import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { changedFields, conflictOf, ifMatch } from './edit-conflict.ts';

describe('edit conflicts', () => {
  it('quotes the version for If-Match, and sends none without a version', () => {
    expect(ifMatch('7')).toEqual({ 'If-Match': '"7"' });
    expect(ifMatch(undefined)).toBeUndefined();
  });

  it('reads a 412 body: the record now, its version, who and when; nothing for other errors', () => {
    const error = new ApiError('Precondition failed: the record was changed by someone else', 412, {
      current: { verified_email: true },
      current_version: '9',
      changed_by: 'Master',
      changed_at: '2026-11-26T15:00:00.000Z',
    });
    expect(conflictOf(error)).toEqual({
      current: { verified_email: true },
      currentVersion: '9',
      changedBy: 'Master',
      changedAt: '2026-11-26T15:00:00.000Z',
    });
    expect(conflictOf(new ApiError('Resource not found', 404, {}))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });

  it('lists only the fields that differ, as the person saw them and as they are now', () => {
    const shown = { name: 'Ana', phone: null as string | null, active: true, version: '1' };
    const now = { name: 'Ana', phone: '7875550100', active: false, version: '2' };
    expect(
      changedFields(shown, now, [
        ['name', 'Nombre'],
        ['phone', 'Teléfono'],
        ['active', 'Activo'],
      ]),
    ).toEqual([
      { label: 'Teléfono', shown: '—', now: '7875550100' },
      { label: 'Activo', shown: 'Sí', now: 'No' },
    ]);
    expect(changedFields(shown, null, [['name', 'Nombre']])).toEqual([]);
  });
});
