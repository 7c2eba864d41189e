import { Lock } from 'lucide-react';
import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import { cn, focusRing } from '../../cn.ts';
import { Spinner } from '../../spinner.tsx';

interface AccessToggleProps {
  label: string;
  checked: boolean;
  saving: boolean;
  /** Why the viewer may not change it; the switch then stays focusable so the reason can be read. */
  lockReason: string | null;
  onChange: (checked: boolean) => void;
}

/** One of the six switches of a card. A locked switch is aria-disabled (not `disabled`, which would
 * take it out of the tab order) and shows its reason on hover and on focus. */
export function AccessToggle({ label, checked, saving, lockReason, onChange }: AccessToggleProps) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const inert = lockReason !== null || saving;
  return (
    <div className="group relative flex min-h-10 items-center justify-between gap-3 rounded-md px-3 py-2 hover:bg-slate-50">
      <label htmlFor={id} className="flex min-w-0 flex-col">
        <span className="flex items-center gap-1.5 text-sm font-semibold tracking-wide text-slate-800">
          {lockReason ? <Lock className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" /> : null}
          {label}
        </span>
        <span className="text-xs text-slate-500">{checked ? 'Activado' : 'Desactivado'}</span>
      </label>
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
          aria-disabled={inert || undefined}
          aria-describedby={lockReason ? reasonId : undefined}
          onCheckedChange={(next) => {
            if (!inert) onChange(next);
          }}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors',
            'data-[state=checked]:bg-blue-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
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
