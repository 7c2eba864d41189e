import { Lock, ShieldOff } from 'lucide-react';
import { Switch as RadixSwitch } from 'radix-ui';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { cn, focusRing } from '../../cn.ts';
import { Spinner } from '../../spinner.tsx';

interface AccessToggleProps {
  label: string;
  checked: boolean;
  saving: boolean;
  /** Why the viewer may not change it; the switch then stays focusable so the reason can be read. */
  lockReason: string | null;
  /** Shown under the label and describing the switch (a master turned it off). */
  note?: string | null;
  /** The viewer may not turn it on at all (a master's 'off' binds them): the note says why. */
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One of the six switches of a card. A locked switch is aria-disabled (not `disabled`, which would
 * take it out of the tab order) and shows its reason on hover and on focus. A switch a master's
 * 'off' binds is disabled: its note, always shown, says why. */
export function AccessToggle({
  label,
  checked,
  saving,
  lockReason,
  note = null,
  disabled = false,
  onChange,
}: AccessToggleProps) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const noteId = `${id}-note`;
  const noteRef = useRef<HTMLSpanElement>(null);
  useNoteTakesFocus(disabled, noteRef);
  const inert = lockReason !== null || saving || disabled;
  const describedBy = [lockReason ? reasonId : null, note ? noteId : null].filter(Boolean).join(' ');
  return (
    <div className="group relative flex min-h-10 items-center justify-between gap-3 rounded-md px-3 py-2 hover:bg-slate-50">
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="flex min-w-0 flex-col">
          <span className="flex items-center gap-1.5 text-sm font-semibold tracking-wide text-slate-800">
            {lockReason ? <Lock className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" /> : null}
            {label}
          </span>
          {note ? null : (
            <span className="text-xs text-slate-500">{checked ? 'Activado' : 'Desactivado'}</span>
          )}
        </label>
        {note ? (
          <span
            id={noteId}
            ref={noteRef}
            tabIndex={-1}
            className={cn('flex items-start gap-1 rounded-sm text-xs font-medium text-amber-800', focusRing)}
          >
            <ShieldOff className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {note}
          </span>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {saving ? (
          <span role="status" className="inline-flex text-blue-600">
            <Spinner size="sm" />
            <span className="sr-only">Guardando...</span>
          </span>
        ) : null}
        <RadixSwitch.Root
          id={id}
          checked={checked}
          disabled={disabled}
          aria-disabled={(inert && !disabled) || undefined}
          aria-describedby={describedBy || undefined}
          onCheckedChange={(next) => {
            if (!inert) onChange(next);
          }}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors',
            'data-[state=checked]:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
            focusRing,
          )}
        >
          <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </RadixSwitch.Root>
      </div>
      {lockReason ? (
        <span
          id={reasonId}
          role="tooltip"
          className="pointer-events-none absolute right-0 bottom-full z-10 mb-1 hidden w-64 max-w-[calc(100vw-3rem)] rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug text-white shadow-lg group-focus-within:block group-hover:block"
        >
          {lockReason}
        </span>
      ) : null}
    </div>
  );
}

/**
 * When the switch turns disabled (the list caught up with a master's 'off'), the focus it had, or
 * the one the refused action left on the page's body, goes to the note that says why.
 */
function useNoteTakesFocus(disabled: boolean, note: RefObject<HTMLElement | null>) {
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    const justDisabled = disabled && !wasDisabled.current;
    wasDisabled.current = disabled;
    if (justDisabled && isFocusLost()) note.current?.focus();
  }, [disabled, note]);
}
