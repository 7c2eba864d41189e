import { type ReactNode, useId } from 'react';
import { Switch } from '../../switch.tsx';

interface VerificationFlagProps {
  /** 'Email' or 'Teléfono': names the group the switch sits in. */
  channel: string;
  value: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}

/** One flag of 'Gestionar Verificación': the switch is labelled Verificado / No Verificado (SPEC §2). */
export function VerificationFlag({
  channel,
  value,
  checked,
  onCheckedChange,
  disabled,
}: VerificationFlagProps) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="min-w-0 space-y-2 px-4 py-3">
      <div className="min-w-0">
        <p id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {channel}
        </p>
        <p className="text-sm break-words text-slate-800">{value}</p>
      </div>
      <Switch
        label={checked ? 'Verificado' : 'No Verificado'}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
      />
    </fieldset>
  );
}
