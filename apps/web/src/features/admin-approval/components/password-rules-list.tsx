import { CheckCircle2, XCircle } from 'lucide-react';
import { displayMessage } from '../../../lib/message-translator.ts';
import { unmetPasswordRules } from '../../../lib/password-rules.ts';

/** SPEC §5 "Password reset": the live list of the rules the password does not meet yet. */
export function PasswordRulesList({ id, password }: { id: string; password: string }) {
  const unmet = unmetPasswordRules(password);
  return (
    <div id={id} aria-live="polite" className="text-sm">
      {unmet.length === 0 ? (
        <p className="flex items-center gap-1.5 font-medium text-emerald-700">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          La contraseña cumple todos los requisitos.
        </p>
      ) : (
        <>
          <p className="font-medium text-slate-700">Requisitos pendientes:</p>
          <ul className="mt-1 space-y-1">
            {unmet.map((message) => (
              <li key={message} className="flex items-start gap-1.5 text-red-700">
                <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{displayMessage(message)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
