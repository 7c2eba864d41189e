// The master's switch requiring 2FA for admins. Its own chunk (lazy in the approval screen, which
// is at its size limit); the server logs each change in the staff audit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  getTwoFactorPolicy,
  setTwoFactorPolicy,
  TWO_FACTOR_POLICY_PATH,
} from '../../../api/two-factor-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Switch } from '../../../ui/switch.tsx';

const KEY = [TWO_FACTOR_POLICY_PATH] as const;

/** The admins the change signed out, who set the second factor up when they sign in again. */
export const signedOutText = (count: number) =>
  count === 1
    ? 'Se cerró la sesión de 1 administrador sin ella; la configurará al volver a entrar.'
    : `Se cerraron las sesiones de ${count} administradores sin ella; la configurarán al volver a entrar.`;

export default function TwoFactorPolicySwitch() {
  const client = useQueryClient();
  const policy = useQuery({ queryKey: KEY, queryFn: getTwoFactorPolicy });
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
      <Switch
        label="Verificación en dos pasos obligatoria para administradores"
        description="Un administrador sin ella deberá configurarla al iniciar sesión, antes de entrar al panel; al activarla se cierran las sesiones abiertas de quienes no la tienen."
        checked={policy.data?.admins_require_2fa ?? false}
        disabled={!policy.data}
        busy={change.isPending}
        onCheckedChange={(checked) => change.mutate(checked)}
      />
    </div>
  );
}
