import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import { cn, focusRing } from './cn.ts';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  description?: string;
  disabled?: boolean;
  /**
   * Its change is being saved: aria-disabled, not disabled, so it keeps the keyboard focus (Chromium
   * drops it from a disabled one) while a press does nothing.
   */
  busy?: boolean;
  className?: string;
}

export function Switch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled,
  busy = false,
  className,
}: SwitchProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <label htmlFor={id} className="min-w-0">
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {description ? <span className="block text-xs text-slate-500">{description}</span> : null}
      </label>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={(next) => {
          if (!busy) onCheckedChange(next);
        }}
        disabled={disabled}
        aria-disabled={(busy && !disabled) || undefined}
        aria-busy={busy || undefined}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors',
          'data-[state=checked]:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
          focusRing,
        )}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </RadixSwitch.Root>
    </div>
  );
}
