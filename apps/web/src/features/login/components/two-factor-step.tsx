// The login screen's second step, loaded only after a right password of an account that
// needs it: a code from the app (or a recovery code), or, for an admin while the master requires
// 2FA and it is not set up yet, the setup itself. The session is stored only at the end.
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LoginAnswer, LoginChallengeAnswer, TwoFactorSetupAnswer } from '../../../api/auth-api.ts';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { CodeField, codeReady } from '../../../ui/two-factor/code-field.tsx';
import { RecoveryCodesPanel } from '../../../ui/two-factor/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../../../ui/two-factor/totp-setup-panel.tsx';
import { describeStepFailure, INVALID_CODE, SPENT_RECOVERY_CODE } from '../two-factor-messages.ts';

// This chunk calls the API with fetch (not the portal's client) and keeps its own texts in
// two-factor-messages.ts, so the login page's first download carries none of the second step.
interface TwoFactorStepProps {
  challenge: LoginChallengeAnswer;
  identifier: string;
  onBack: () => void;
  onSignedIn: (answer: LoginAnswer) => void;
}

interface StepFailure {
  tone: 'warning' | 'error';
  text: string;
  /** A wrong code is shown under the field; anything else (expired step, lock, network) in a banner. */
  wrongCode: boolean;
}

/** An answer that is not a 2xx (status null: no answer at all). */
class StepError extends Error {
  constructor(
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(`second step failed (${status})`);
  }
}

/** POST to a public /auth call, like the portal's client: its base URL, a 10 s limit, no session. */
async function post<T>(path: string, body: object): Promise<T> {
  const base = (window.__PORTAL_CONFIG__?.apiBaseUrl ?? '').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new StepError(null, null);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new StepError(response.status, answer);
  return answer as T;
}

const calls = {
  withCode: (token: string, code: string) =>
    post<LoginAnswer>('/auth/login/2fa', { challenge_token: token, code }),
  setup: (token: string) => post<TwoFactorSetupAnswer>('/auth/login/2fa/setup', { challenge_token: token }),
  enable: (token: string, code: string) =>
    post<LoginAnswer & { recovery_codes: string[] }>('/auth/login/2fa/enable', {
      challenge_token: token,
      code,
    }),
};

/** A failed step, in the login's Spanish (two-factor-messages.ts). */
function failureOf(error: unknown): StepFailure | null {
  if (!error) return null;
  const failure =
    error instanceof StepError
      ? describeStepFailure(error.status, error.body)
      : describeStepFailure(null, null);
  return {
    tone: failure.kind === 'connection' ? 'error' : 'warning',
    text: failure.message,
    wrongCode: failure.serverMessage === INVALID_CODE || failure.serverMessage === SPENT_RECOVERY_CODE,
  };
}

const linkButton = cn(
  'rounded text-sm font-medium text-blue-700 hover:text-blue-800 hover:underline',
  focusRing,
);

export function TwoFactorStep(props: TwoFactorStepProps) {
  return props.challenge.requires_2fa_setup ? <ForcedSetup {...props} /> : <CodeStep {...props} />;
}

function CodeStep({ challenge, onBack, onSignedIn }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeReady(code, recovery)) {
      setMissing(true);
      codeField.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      onSignedIn(await calls.withCode(challenge.challenge_token, code.trim()));
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };
  const failure = failureOf(error);
  const label = recovery ? 'Código de recuperación' : 'Código de verificación';
  // A refused code: the code field takes the focus from 'Verificar'.
  const verifyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (error && isFocusLost(verifyButton.current)) codeField.current?.focus();
  }, [error]);

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-labelledby="two-factor-title"
    >
      <div className="space-y-1 text-center">
        <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
          Verificación en dos pasos
        </h2>
        <p className="text-sm text-slate-600">
          {recovery
            ? 'Ingrese uno de sus códigos de recuperación. Cada código sirve una sola vez.'
            : 'Ingrese el código de 6 dígitos de su aplicación de autenticación.'}
        </p>
      </div>
      {failure ? <Banner tone={failure.tone}>{failure.text}</Banner> : null}
      <CodeField
        key={recovery ? 'recovery' : 'totp'}
        ref={codeField}
        id="login-code"
        label={label}
        recovery={recovery}
        value={code}
        autoFocus
        onChange={(value) => {
          setCode(value);
          setMissing(false);
        }}
        error={
          missing
            ? recovery
              ? 'Ingrese un código de recuperación.'
              : 'Ingrese el código de 6 dígitos.'
            : null
        }
      />
      <Button
        ref={verifyButton}
        type="submit"
        size="lg"
        className="w-full"
        loading={pending}
        icon={<KeyRound className="size-5" aria-hidden="true" />}
      >
        Verificar
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={linkButton} onClick={onBack}>
          Volver
        </button>
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
            setMissing(false);
            // A refused code speaks of the code just emptied; what concerns the step itself (expired,
            // locked, no connection) still holds for the other kind of code.
            if (failure?.wrongCode) setError(null);
          }}
        >
          {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </button>
      </div>
    </form>
  );
}

function ForcedSetup({ challenge, identifier, onBack, onSignedIn }: TwoFactorStepProps) {
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null);
  const [done, setDone] = useState<(LoginAnswer & { recovery_codes: string[] }) | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    calls.setup(challenge.challenge_token).then(
      (answer) => current && setSetup(answer),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [challenge.challenge_token]);

  const confirm = async (code: string) => {
    setPending(true);
    setError(null);
    try {
      setDone(await calls.enable(challenge.challenge_token, code));
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  const failure = failureOf(error);
  const banner = failure && !failure.wrongCode ? failure : null;

  return (
    <section className="space-y-5" aria-labelledby="two-factor-setup-title">
      <div className="space-y-1 text-center">
        <h2 id="two-factor-setup-title" className="text-lg font-semibold text-slate-900">
          {done ? 'Verificación en dos pasos activada' : 'Configure la verificación en dos pasos'}
        </h2>
        {done ? null : (
          <p className="text-sm text-slate-600">
            El usuario maestro requiere la verificación en dos pasos para las cuentas de administrador.
            Configúrela para continuar.
          </p>
        )}
      </div>
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      {done ? (
        <RecoveryCodesPanel
          codes={done.recovery_codes}
          account={identifier}
          doneLabel="Continuar al panel"
          onDone={() => onSignedIn(done)}
        />
      ) : setup ? (
        <TotpSetupPanel
          setup={setup}
          pending={pending}
          error={failure?.wrongCode ? failure.text : null}
          onConfirm={(code) => void confirm(code)}
          onCancel={onBack}
        />
      ) : error ? (
        <button type="button" className={linkButton} onClick={onBack}>
          Volver
        </button>
      ) : (
        <div className="flex justify-center py-6 text-blue-600">
          <Spinner label="Cargando..." />
        </div>
      )}
    </section>
  );
}
