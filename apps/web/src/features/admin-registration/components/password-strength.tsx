import { Check, Circle } from 'lucide-react';
import { displayMessage } from '../../../lib/message-translator.ts';
import { passwordRuleStatus } from '../../../lib/password-rules.ts';
import { cn } from '../../../ui/cn.ts';

const LEVELS = [
  { label: 'Muy débil', bar: 'bg-red-500', text: 'text-red-700' },
  { label: 'Débil', bar: 'bg-red-500', text: 'text-red-700' },
  { label: 'Regular', bar: 'bg-amber-500', text: 'text-amber-700' },
  { label: 'Regular', bar: 'bg-amber-500', text: 'text-amber-700' },
  { label: 'Buena', bar: 'bg-amber-500', text: 'text-amber-700' },
  { label: 'Segura', bar: 'bg-emerald-600', text: 'text-emerald-700' },
] as const;

/** Live strength of a password being typed: a bar, the first rule it breaks, and the checklist. */
interface PasswordStrengthProps {
  /** Names the line with the first broken rule, for the input's aria-describedby. */
  id: string;
  password: string;
  /** Off while the field shows that same rule as its error message. */
  showFirstProblem?: boolean;
}

export function PasswordStrength({ id, password, showFirstProblem = true }: PasswordStrengthProps) {
  const rules = passwordRuleStatus(password);
  const met = rules.filter((rule) => rule.met).length;
  const firstUnmet = rules.find((rule) => !rule.met);
  const level = LEVELS[met];
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {rules.map((rule, index) => (
            <span
              key={rule.id}
              className={cn('h-1.5 flex-1 rounded-full', index < met ? level.bar : 'bg-slate-200')}
            />
          ))}
        </div>
        <span className={cn('text-xs font-medium', password === '' ? 'text-slate-500' : level.text)}>
          {password === '' ? 'Sin contraseña' : level.label}
        </span>
      </div>
      {showFirstProblem && password !== '' ? (
        <p
          id={id}
          aria-live="polite"
          className={cn('text-xs', firstUnmet ? 'text-slate-700' : 'text-emerald-700')}
        >
          {firstUnmet ? displayMessage(firstUnmet.message) : 'La contraseña cumple todos los requisitos.'}
        </p>
      ) : null}
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {rules.map((rule) => (
          <li
            key={rule.id}
            className={cn('flex items-center gap-1.5', rule.met ? 'text-emerald-700' : 'text-slate-600')}
          >
            {rule.met ? (
              <Check className="size-3.5 shrink-0" aria-hidden="true" />
            ) : (
              <Circle className="size-3.5 shrink-0" aria-hidden="true" />
            )}
            {rule.label}
            <span className="sr-only">{rule.met ? ': cumplido' : ': pendiente'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
