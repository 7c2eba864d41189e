import type { ComponentProps, ReactNode } from 'react';
import { displayMessage } from '../lib/message-translator.ts';
import { cn, focusRing } from './cn.ts';

/** The one look of text inputs, selects and text areas. */
export const controlClass = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100',
  'aria-[invalid=true]:border-red-500',
  focusRing,
);

interface FieldProps {
  /** The id of the control inside; the label points to it and the message describes it. */
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;

/** Label above the control, hint and red message under it (DESIGN §9); the message is shown in
 * Spanish when it is one of the contract's English ones (a schema's or the server's). Give the control
 * `aria-invalid` and `aria-describedby={describedBy(id, error, hint)}`. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={fieldHintId(id)} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} role="alert" className="text-sm text-red-600">
          {displayMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  if (error) return fieldErrorId(id);
  if (hint) return fieldHintId(id);
  return undefined;
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClass, 'h-10', className)} {...props} />;
}

interface SelectInputProps extends ComponentProps<'select'> {
  /** The choices, after any `children` (such as a first 'Todas…' option). */
  options?: readonly { value: string; label: string }[];
}

export function SelectInput({ className, options, children, ...props }: SelectInputProps) {
  return (
    <select className={cn(controlClass, 'h-10 pr-8', className)} {...props}>
      {children}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-24 py-2', className)} {...props} />;
}
