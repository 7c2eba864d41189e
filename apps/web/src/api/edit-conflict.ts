// Edit conflicts: every write of a record the person edited names the version they saw
// (If-Match); a 412 answer carries the record as it is now and who changed it and when.
import { ApiError } from './api-error.ts';

/** The header of a conditional write; none when the screen has no version (an old cached row). */
export const ifMatch = (version: string | undefined): Record<string, string> | undefined =>
  version ? { 'If-Match': `"${version}"` } : undefined;

export interface EditConflict<Current = Record<string, unknown>> {
  /** The record as it is now (null when the server could not give it). */
  current: Current | null;
  currentVersion: string;
  changedBy: string | null;
  changedAt: string | null;
}

/** The conflict a failed write reports, or null for any other failure. */
export function conflictOf<Current = Record<string, unknown>>(error: unknown): EditConflict<Current> | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const body = (error.body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    current: body.current && typeof body.current === 'object' ? (body.current as Current) : null,
    currentVersion: text(body.current_version) ?? '',
    changedBy: text(body.changed_by),
    changedAt: text(body.changed_at),
  };
}

/** One field of the conflict view: how the person saw it and how it is now, as text. */
export interface FieldChange {
  label: string;
  shown: string;
  now: string;
}

/** The fields whose value differs between what the person saw and the record now. */
export function changedFields<Row extends object>(
  shown: Row,
  now: Partial<Row> | null,
  fields: ReadonlyArray<
    readonly [key: keyof Row & string, label: string, format?: (value: unknown) => string]
  >,
): FieldChange[] {
  if (!now) return [];
  const plain = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? '—'
      : typeof value === 'boolean'
        ? value
          ? 'Sí'
          : 'No'
        : String(value);
  return fields
    .filter(([key]) => key in now && now[key] !== shown[key])
    .map(([key, label, format = plain]) => ({ label, shown: format(shown[key]), now: format(now[key]) }));
}
