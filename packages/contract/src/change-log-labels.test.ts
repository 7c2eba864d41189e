import { describe, expect, it } from 'vitest';
import { changedByLabel, normalizeOperation, operationLabel } from './change-log-labels.ts';

describe('operationLabel', () => {
  it('names the three operations in Spanish', () => {
    expect(operationLabel('INSERT')).toBe('Creado');
    expect(operationLabel('UPDATE')).toBe('Actualizado');
    expect(operationLabel('DELETE')).toBe('Eliminado');
  });

  it('reads any letter case and spacing', () => {
    expect(operationLabel(' insert ')).toBe('Creado');
    expect(normalizeOperation('delete')).toBe('DELETE');
  });

  it('treats an unknown or missing operation as UPDATE', () => {
    expect(normalizeOperation('TRUNCATE')).toBe('UPDATE');
    expect(operationLabel('TRUNCATE')).toBe('Actualizado');
    expect(operationLabel('')).toBe('Actualizado');
    expect(operationLabel(null)).toBe('Actualizado');
    expect(operationLabel(undefined)).toBe('Actualizado');
  });
});

describe('changedByLabel', () => {
  it('keeps a name and shows Sistema for a blank one', () => {
    expect(changedByLabel('master')).toBe('master');
    expect(changedByLabel('  ana@example.com ')).toBe('ana@example.com');
    expect(changedByLabel('')).toBe('Sistema');
    expect(changedByLabel('   ')).toBe('Sistema');
    expect(changedByLabel(null)).toBe('Sistema');
  });
});
