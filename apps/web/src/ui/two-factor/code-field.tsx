// The one-time code field of the 2FA screens (login step, forced setup, 'Seguridad'): six digits
// from the app, or (where allowed) a recovery code. Styled like the login form's fields.
import type { Ref } from 'react';
import { cn } from '../cn.ts';

interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A recovery code (letters and a dash) instead of six digits. */
  recovery?: boolean;
  error?: string | null;
  hint?: string;
  autoFocus?: boolean;
  /** Marked with the red asterisk of the other required fields (Field). */
  required?: boolean;
  /** The input: the form gives it the keyboard when the code is what is wrong. */
  ref?: Ref<HTMLInputElement>;
}

export function CodeField({
  id,
  label,
  value,
  onChange,
  recovery,
  error,
  hint,
  autoFocus,
  required,
  ref,
}: CodeFieldProps) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      <input
        ref={ref}
        id={id}
        name={recovery ? 'recovery-code' : 'code'}
        autoFocus={autoFocus}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize={recovery ? 'characters' : 'none'}
        spellCheck={false}
        maxLength={recovery ? 16 : 6}
        placeholder={recovery ? 'XXXXX-XXXXX' : '123456'}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(
          'block h-11 w-full rounded-md border bg-white px-3 font-mono text-lg tracking-widest text-slate-900 shadow-sm placeholder:text-slate-400',
          'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
          // One border colour: with both classes the stylesheet's order would pick, not this line.
          error ? 'border-red-400' : 'border-slate-300',
        )}
        value={value}
        onChange={(event) =>
          onChange(recovery ? event.target.value : event.target.value.replace(/\D/g, '').slice(0, 6))
        }
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Whether a typed code can be sent: six digits, or a recovery code of ten letters and digits. */
export function codeReady(value: string, recovery: boolean): boolean {
  return recovery ? value.replace(/[\s-]/g, '').length === 10 : /^\d{6}$/.test(value);
}
