// Labels of the change history (SPEC §2 'Historial de Cambios'): operations and who made a change
// (the values themselves: change-log-values.ts).
import type { OperationType } from './enums.ts';

const LABELS: Record<OperationType, string> = {
  INSERT: 'Creado',
  UPDATE: 'Actualizado',
  DELETE: 'Eliminado',
};

/** INSERT, UPDATE or DELETE; anything else (or nothing) is treated as UPDATE (SPEC §2). */
export function normalizeOperation(operation: string | null | undefined): OperationType {
  const key = (operation ?? '').trim().toUpperCase();
  return key === 'INSERT' || key === 'DELETE' ? key : 'UPDATE';
}

/** Creado, Actualizado or Eliminado. */
export function operationLabel(operation: string | null | undefined): string {
  return LABELS[normalizeOperation(operation)];
}

/** Who made the change; a blank value is the system itself. */
export function changedByLabel(changedBy: string | null | undefined): string {
  const name = (changedBy ?? '').trim();
  return name === '' ? 'Sistema' : name;
}
