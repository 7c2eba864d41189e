// 'Seguridad': change my password; turn the second factor on (QR code and key,
// the current password and a first code, the recovery codes shown once) or off (with a current or
// recovery code), and replace the recovery codes. Reached from the user menu (/seguridad); an admin
// whose password the master set is sent here before anything else (app/password-change-gate.tsx).
import { ACCOUNT_MSG } from '@portal/contract/account';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { plural } from '../../../lib/plural.ts';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { useSession } from '../../../session/use-session.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { QueryError } from '../../../ui/data-states.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { RecoveryCodesPanel } from '../../../ui/two-factor/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../../../ui/two-factor/totp-setup-panel.tsx';
import { useEnableTwoFactor, useStartSetup, useTwoFactorStatus } from '../api/use-two-factor.ts';
import { ChangePasswordCard } from './change-password-form.tsx';
import { DisableTwoFactorForm } from './disable-two-factor-form.tsx';
import { RegenerateCodesForm } from './regenerate-codes-form.tsx';

/** The server's word for a wrong current password, shown under that field rather than the code's. */
const wrongCurrentPassword = (error: unknown): string | null =>
  error instanceof ApiError && error.serverMessage === ACCOUNT_MSG.currentPasswordIncorrect
    ? error.serverMessage
    : null;

export default function SecurityScreen() {
  const status = useTwoFactorStatus();
  const start = useStartSetup();
  const enable = useEnableTwoFactor();
  const { session } = useSession();
  const navigate = useNavigate();
  const forced = session?.user.mustChangePassword === true;
  const [codes, setCodes] = useState<string[] | null>(null);
  // The codes follow 2FA just turned on (not codes generated anew): the card says it was turned on.
  const [justEnabled, setJustEnabled] = useState(false);
  // 'Generar códigos' was refused, or its codes answered, just as another tab turned 2FA off: the
  // status read after it says so. Codes of a 2FA that is off no longer work: never shown, dropped.
  const [turnedOff, setTurnedOff] = useState(false);
  const enabledNow = status.isSuccess ? status.data.enabled : undefined;
  const shownCodes = enabledNow === false ? null : codes;
  useEffect(() => {
    if (enabledNow) setTurnedOff(false);
    if (enabledNow === false && codes) {
      setCodes(null);
      setTurnedOff(true);
    }
  }, [enabledNow, codes]);
  const setup = start.data && !codes && !status.data?.enabled ? start.data : null;
  const wrongPassword = wrongCurrentPassword(enable.error);
  const phase = status.isPending
    ? 'loading'
    : status.isError
      ? 'error'
      : shownCodes
        ? 'codes'
        : setup
          ? 'setup'
          : status.data.enabled
            ? 'on'
            : 'off';
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPhase = useRef(phase);
  // The card's content replaced the control just used ('Activar…', 'Confirmar y activar', 'Listo',
  // 'Desactivar', 'Generar códigos'), so the focus fell to the page: the card's title takes it, and
  // a keyboard or screen reader goes on from there rather than from the top of the page. Not when
  // the card first loads, so not useFocusIfLost: this follows a change of phase, not a flag.
  useEffect(() => {
    const from = shownPhase.current;
    shownPhase.current = phase;
    if (from === phase || from === 'loading' || from === 'error') return;
    if (isFocusLost()) heading.current?.focus();
  }, [phase]);

  return (
    <section aria-labelledby="seguridad-titulo" className="space-y-4">
      <PageHeader
        level={1}
        title={<span id="seguridad-titulo">Seguridad</span>}
        description="Su contraseña y un segundo paso al iniciar sesión protegen su cuenta."
      />
      <ChangePasswordCard
        forced={forced}
        onChanged={() => {
          if (forced) navigate('/admin-dashboard', { replace: true });
        }}
      />
      <div className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
              Verificación en dos pasos
            </h2>
            <p className="text-sm text-slate-600">
              Además de su contraseña, se le pedirá un código de 6 dígitos de una aplicación de autenticación
              en su teléfono.
            </p>
          </div>
        </div>

        {status.isPending ? (
          <div className="flex justify-center py-6 text-blue-600">
            <Spinner label="Cargando..." />
          </div>
        ) : status.isError ? (
          <QueryError query={status} title="Error al cargar la verificación en dos pasos" />
        ) : shownCodes ? (
          <div className="space-y-4">
            {justEnabled ? <EnabledLine>La verificación en dos pasos quedó activada.</EnabledLine> : null}
            <RecoveryCodesPanel
              codes={shownCodes}
              account={session?.user.email ?? ''}
              doneLabel="Listo"
              onDone={() => {
                setCodes(null);
                setJustEnabled(false);
                start.reset();
              }}
            />
          </div>
        ) : setup ? (
          <TotpSetupPanel
            setup={setup}
            pending={enable.isPending}
            askPassword
            passwordError={wrongPassword}
            error={enable.error && !wrongPassword ? displayMessage(enable.error.message) : null}
            onEdit={() => {
              if (enable.error) enable.reset();
            }}
            onCancel={() => {
              start.reset();
              enable.reset();
            }}
            onConfirm={(code, password) =>
              enable.mutate(
                { code, current_password: password },
                {
                  onSuccess: (answer) => {
                    // Said on the card above the codes, not in a toast: on a phone a toast lay over 'Listo'.
                    setCodes(answer.recovery_codes);
                    setJustEnabled(true);
                  },
                },
              )
            }
          />
        ) : status.data.enabled ? (
          <div className="space-y-4">
            <EnabledLine>
              {plural(
                status.data.recovery_codes_left,
                'Le queda 1 código de recuperación.',
                `Le quedan ${status.data.recovery_codes_left} códigos de recuperación.`,
              )}
            </EnabledLine>
            {status.data.required ? (
              <Banner tone="info">
                El usuario maestro requiere la verificación en dos pasos para los administradores: no se puede
                desactivar.
              </Banner>
            ) : (
              <DisableTwoFactorForm />
            )}
            <RegenerateCodesForm onCodes={setCodes} onTurnedOff={() => setTurnedOff(true)} />
          </div>
        ) : (
          <div className="space-y-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                Desactivada
              </span>
              Su cuenta solo pide la contraseña al iniciar sesión.
            </p>
            {turnedOff ? (
              <Banner tone="warning">
                La verificación en dos pasos se desactivó en otra pestaña o sesión: no hay códigos de
                recuperación que guardar.
              </Banner>
            ) : null}
            {start.isError ? <Banner tone="error">{start.error.message}</Banner> : null}
            <Button
              loading={start.isPending}
              icon={<ShieldCheck className="size-4" aria-hidden="true" />}
              onClick={() => {
                setTurnedOff(false);
                start.mutate();
              }}
            >
              Activar verificación en dos pasos
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

/** The 'Activada' badge and what follows it. */
function EnabledLine({ children }: { children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
        Activada
      </span>
      {children}
    </p>
  );
}
