// The master's switch requiring 2FA for admins. Its own chunk (lazy in the approval screen, which
// is at its size limit); the server logs each change in the staff audit.
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  getTwoFactorPolicy,
  setTwoFactorPolicy,
  TWO_FACTOR_POLICY_PATH,
} from '../../../api/two-factor-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { QueryError } from '../../../ui/data-states.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { TwoFactorPolicyConfirm } from './two-factor-policy-confirm.tsx';

const KEY = [TWO_FACTOR_POLICY_PATH] as const;

const LABEL = 'Verificación en dos pasos obligatoria para administradores';
const DESCRIPTION =
  'Un administrador sin ella deberá configurarla al iniciar sesión, antes de entrar al panel; al activarla se cierran las sesiones abiertas de quienes no la tienen.';

/** The admins the change signed out, who set the second factor up when they sign in again. */
export const signedOutText = (count: number) =>
  count === 1
    ? 'Se cerró la sesión de 1 administrador sin ella; la configurará al volver a entrar.'
    : `Se cerraron las sesiones de ${count} administradores sin ella; la configurarán al volver a entrar.`;

export default function TwoFactorPolicySwitch() {
  const client = useQueryClient();
  const policy = useQuery({ queryKey: KEY, queryFn: getTwoFactorPolicy });
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: setTwoFactorPolicy,
    onSuccess: (answer) => {
      client.setQueryData(KEY, answer);
      const signedOut = answer.admins_signed_out ?? 0;
      toast.success(
        answer.admins_require_2fa
          ? 'Ahora los administradores deben usar la verificación en dos pasos.'
          : 'La verificación en dos pasos ya no es obligatoria para los administradores.',
        signedOut > 0 ? { description: signedOutText(signedOut) } : undefined,
      );
    },
    onError: (error) => toast.error(displayMessage(error.message)),
  });
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      {policy.data ? (
        <Switch
          label={LABEL}
          description={DESCRIPTION}
          checked={policy.data.admins_require_2fa}
          busy={change.isPending}
          // Requiring it signs admins out at once: that asks first. Not requiring it applies at once.
          onCheckedChange={(checked) => {
            if (!checked) return change.mutate(false);
            // The count of sessions it ends, as it is now.
            void policy.refetch();
            setConfirming(true);
          }}
        />
      ) : (
        <PolicyUnknown query={policy} />
      )}
      <TwoFactorPolicyConfirm
        open={confirming}
        signedInWithout={policy.data?.admins_signed_in_without_2fa}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          change.mutate(true);
        }}
      />
    </div>
  );
}

/** Until the policy is read, no switch: an 'off' there could be wrong. */
function PolicyUnknown({ query }: { query: UseQueryResult<unknown> }) {
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">{LABEL}</p>
          <p className="text-xs text-slate-500">{DESCRIPTION}</p>
        </div>
        {query.error ? null : (
          <span className="shrink-0 text-blue-600">
            <Spinner size="sm" label="Cargando..." />
          </span>
        )}
      </div>
      {query.error ? (
        <QueryError query={query} title="No se pudo cargar la política de verificación en dos pasos" />
      ) : null}
    </div>
  );
}
