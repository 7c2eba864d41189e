// The conflict view: someone else saved the record while this person was editing it.
// What changed (field, the value shown, the value now), who and when, and the person's own change
// that was not saved; 'Recargar' takes the record as it is now, and where the person's change still
// makes sense 'Aplicar mi cambio de todos modos' sends it again against the new version. It takes the
// focus when it appears, unless the person is on a control of their own (the refused save's button
// was disabled while it ran, which leaves the focus on the dialog). Loaded when a conflict happens
// (conflict-notice-lazy.tsx).
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FieldChange } from '../api/edit-conflict.ts';
import { actorName } from '../lib/actor-name.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { Button } from './button.tsx';

export const CONFLICT_TITLE = 'Este registro cambió mientras lo editaba';

/** Values wrap between words; only a word wider than its column (a long email) breaks inside. The
 * minimum width keeps a long value in one column from squeezing the other at 390 px. */
const VALUE_CELL = 'min-w-24 px-2 py-1.5 [overflow-wrap:anywhere]';

/** A period after the text, unless it already ends with one ('12:34 p. m.'). */
const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** One field of the person's own change, the one not saved: its label and the value they gave it. */
export interface OwnChange {
  label: string;
  value: string;
}

/**
 * Nobody is using a control: the focus is on nothing, on what holds the notice (the dialog), or on
 * the refused save's button, disabled now.
 */
const focusIsLost = (notice: HTMLElement) => {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (active instanceof HTMLButtonElement && active.disabled) return true;
  return active !== notice && active.contains(notice);
};

export interface ConflictNoticeProps {
  changes: FieldChange[];
  changedBy: string | null;
  changedAt: string | null;
  onReload: () => void;
  /** Absent when the change no longer makes sense (the person must look again first). */
  onApplyAnyway?: () => void;
  applying?: boolean;
  /** Said when none of the fields on screen differ (a password, say, changed). */
  hiddenChangeNote?: string;
  /** What did not happen, said after who changed the record (a deletion says it deleted nothing). */
  notDoneNote?: string;
  /** The heading; a deletion says the record changed while it was being reviewed, not edited. */
  title?: string;
  /** The person's change that was not saved: what 'Aplicar mi cambio de todos modos' sends. */
  ownChanges?: OwnChange[];
}

export function ConflictNotice({
  changes,
  changedBy,
  changedAt,
  onReload,
  onApplyAnyway,
  applying = false,
  hiddenChangeNote = 'Cambiaron datos que esta pantalla no muestra.',
  notDoneNote = 'No se guardó su cambio.',
  title = CONFLICT_TITLE,
  ownChanges = [],
}: ConflictNoticeProps) {
  // The choice is what matters: its buttons come into view in the dialog (a phone shows little of it).
  const actions = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (section.current && focusIsLost(section.current)) heading.current?.focus({ preventScroll: true });
    actions.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section
      ref={section}
      role="alert"
      aria-labelledby="conflict-notice-title"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3
        ref={heading}
        id="conflict-notice-title"
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold focus:outline-none"
      >
        <AlertTriangle className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
        {title}
      </h3>
      <p>
        Lo cambió <span className="font-medium">{changedBy ? actorName(changedBy) : 'otra persona'}</span>
        {endSentence(changedAt ? ` el ${formatDateTime(changedAt)}` : '')} {notDoneNote}
      </p>
      {changes.length > 0 ? (
        <div className="overflow-x-auto rounded-md border border-amber-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cambios hechos por otra persona</caption>
            <thead className="bg-amber-100/60 text-amber-950">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Campo
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Lo que usted veía
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Ahora
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-amber-100 text-slate-800">
              {changes.map((change) => (
                <tr key={change.label}>
                  <th scope="row" className="px-2 py-1.5 font-medium">
                    {change.label}
                  </th>
                  <td className={`${VALUE_CELL} line-through decoration-slate-400`}>{change.shown}</td>
                  <td className={`${VALUE_CELL} font-medium`}>{change.now}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{hiddenChangeNote}</p>
      )}
      {ownChanges.length > 0 ? (
        <div>
          <p id="conflict-notice-own" className="font-medium">
            {onApplyAnyway
              ? 'Su cambio, sin guardar («Aplicar mi cambio de todos modos» lo guarda):'
              : 'Su cambio, sin guardar:'}
          </p>
          <ul aria-labelledby="conflict-notice-own" className="mt-1 list-disc space-y-0.5 pl-5">
            {ownChanges.map((change) => (
              <li key={change.label} className="[overflow-wrap:anywhere]">
                {change.label}: <span className="font-medium">{change.value}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div ref={actions} className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onReload} disabled={applying}>
          Recargar
        </Button>
        {onApplyAnyway ? (
          <Button size="sm" onClick={onApplyAnyway} loading={applying}>
            Aplicar mi cambio de todos modos
          </Button>
        ) : null}
      </div>
    </section>
  );
}
