import { TIMING } from '@portal/contract/limits';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import { Copy, Send } from 'lucide-react';
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { useCountdown } from '../../../ui/business/row-modals/use-countdown.ts';
import { Button } from '../../../ui/button.tsx';
import { useSendCode } from '../api/use-send-code.ts';

/**
 * 'Enviar código' to the owner's email: the code is shown and copyable, and resending waits 120 s.
 * An email already a business's gets no code (the field says so): its owner would get it for nothing.
 */
export function EmailCodePanel({ checkEmailTaken }: { checkEmailTaken: () => Promise<boolean> }) {
  const { trigger, getValues, setFocus } = useFormContext<RegisterBusinessFormValues>();
  const sendCode = useSendCode(checkEmailTaken);
  const { secondsLeft: remaining, start } = useCountdown();
  const sent = sendCode.data;
  const shown = sent && !sendCode.isPending ? sent : null;
  // 'Enviar código' keeps the focus while it sends (busy), then waits to resend, disabled: 'Copiar
  // código', shown with the code, takes the focus from it.
  const sendButton = useRef<HTMLButtonElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  useFocusIfLost(copyButton, shown !== null, sendButton);

  const send = async () => {
    if (!(await trigger('business_email', { shouldFocus: true }))) return;
    sendCode.mutate(getValues('business_email').trim(), {
      onSuccess: (answer) => {
        if (answer) start(TIMING.registrationCodeResendSeconds);
        else setFocus('business_email');
      },
    });
  };

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Código copiado');
    } catch {
      toast.error('No se pudo copiar el código');
    }
  };

  return (
    <div className="space-y-2">
      <Button
        ref={sendButton}
        variant="secondary"
        icon={<Send className="size-4" aria-hidden="true" />}
        loading={sendCode.isPending}
        disabled={remaining > 0}
        onClick={send}
      >
        {remaining > 0 ? `Reenviar en ${remaining}s` : 'Enviar código'}
      </Button>
      {sendCode.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {sendCode.error.message}
        </p>
      ) : null}
      {shown ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2">
          <div role="status" className="min-w-0">
            <p className="text-xs text-blue-900">Código de verificación enviado</p>
            <p className="font-mono text-lg font-semibold tracking-[0.3em] text-blue-950">{shown.code}</p>
          </div>
          <Button
            ref={copyButton}
            variant="ghost"
            size="sm"
            className="h-10"
            icon={<Copy className="size-4" aria-hidden="true" />}
            onClick={() => copy(shown.code)}
          >
            Copiar código
          </Button>
        </div>
      ) : null}
    </div>
  );
}
