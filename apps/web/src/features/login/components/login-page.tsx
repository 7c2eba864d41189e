import { Building2, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginChallengeAnswer } from '../../../api/auth-api.ts';
import { returnPathFrom } from '../../../lib/return-path.ts';
import { useSession } from '../../../session/use-session.ts';
import { Banner } from '../../../ui/banner.tsx';
import { cn } from '../../../ui/cn.ts';
import { useAuthOptions } from '../api/use-auth-options.ts';
import { storeSession } from '../api/use-login.ts';
import { checkMasterIdentifier } from '../master-check.ts';
import { LoginForm } from './login-form.tsx';

// Opened by a click, so it is not part of the first download.
const ForgotPasswordPanel = lazy(() =>
  import('./forgot-password-panel.tsx').then((m) => ({ default: m.ForgotPasswordPanel })),
);
// Only for accounts with a second factor: after a right password.
const TwoFactorStep = lazy(() => import('./two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));

const HIGHLIGHTS = [
  'Directorio y búsqueda de negocios',
  'Verificación, contenido y suscripciones',
  'Control de acceso por negocio',
];

export function LoginPage() {
  const navigate = useNavigate();
  // The page asked for while signed out (lib/return-path.ts), or the dashboard.
  const afterSignIn = returnPathFrom(useLocation().search);
  const options = useAuthOptions();
  const { expired, endedElsewhere } = useSession();
  const [identifier, setIdentifier] = useState('');
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [challenge, setChallenge] = useState<{ answer: LoginChallengeAnswer; identifier: string } | null>(
    null,
  );
  const masterHash = options?.master_identifier_sha256;
  const isMaster = useCallback((typed: string) => checkMasterIdentifier(typed, masterHash), [masterHash]);
  const [master, setMaster] = useState(false);
  useEffect(() => {
    let current = true;
    void isMaster(identifier).then((answer) => current && setMaster(answer));
    return () => {
      current = false;
    };
  }, [isMaster, identifier]);

  return (
    <div className="flex min-h-dvh bg-slate-100">
      <aside
        className={cn(
          'relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden p-12 text-white lg:flex',
          master
            ? 'bg-gradient-to-br from-red-800 to-red-950'
            : 'bg-gradient-to-br from-slate-800 to-slate-950',
        )}
      >
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-white/10">
            <Building2 className="size-6" aria-hidden="true" />
          </span>
          <span className="text-lg font-semibold tracking-tight">Directorio de Negocios</span>
        </div>
        <div className="space-y-6">
          <p className="text-3xl leading-tight font-semibold">
            Administre el directorio de negocios desde un solo lugar.
          </p>
          <ul className="space-y-3 text-sm text-white/80">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-3">
                <ShieldCheck className="size-4 shrink-0 text-white/70" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-white/60">Uso exclusivo del personal autorizado.</p>
      </aside>

      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
        <div
          data-testid="login-card"
          data-variant={master ? 'master' : 'admin'}
          className={cn(
            'w-full max-w-md rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
            master
              ? 'border-red-200 border-t-4 border-t-red-600'
              : 'border-slate-200 border-t-4 border-t-blue-600',
          )}
        >
          <header className="mb-7 space-y-2 text-center">
            <span
              className={cn(
                'mx-auto flex size-12 items-center justify-center rounded-full',
                master ? 'bg-red-50 text-red-600' : 'bg-blue-50 text-blue-600',
              )}
            >
              {master ? (
                <ShieldCheck className="size-6" aria-hidden="true" />
              ) : (
                <Building2 className="size-6" aria-hidden="true" />
              )}
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Portal de Administración</h1>
            <p className={cn('text-sm', master ? 'font-medium text-red-700' : 'text-slate-600')}>
              {master ? 'Acceso de usuario maestro' : 'Inicie sesión con su cuenta de administrador'}
            </p>
          </header>
          {expired && view === 'login' ? (
            <Banner tone="info" className="mb-5">
              {endedElsewhere
                ? 'Su sesión se cerró desde otro dispositivo. Por favor inicie sesión nuevamente.'
                : 'Su sesión ha expirado. Por favor inicie sesión nuevamente.'}
            </Banner>
          ) : null}
          {challenge ? (
            <Suspense fallback={null}>
              <TwoFactorStep
                challenge={challenge.answer}
                identifier={challenge.identifier}
                onBack={() => setChallenge(null)}
                onSignedIn={(answer) => {
                  storeSession(answer, challenge.identifier);
                  navigate(afterSignIn, { replace: true });
                }}
              />
            </Suspense>
          ) : view === 'forgot' ? (
            <Suspense fallback={null}>
              <ForgotPasswordPanel
                onBack={() => {
                  setIdentifier('');
                  setView('login');
                }}
              />
            </Suspense>
          ) : (
            <LoginForm
              master={master}
              isMaster={isMaster}
              onIdentifierChange={setIdentifier}
              onForgotPassword={() => setView('forgot')}
              onSignedIn={() => navigate(afterSignIn, { replace: true })}
              onChallenge={(answer, typed) => setChallenge({ answer, identifier: typed })}
            />
          )}
        </div>
      </main>
    </div>
  );
}
