import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { Eye, EyeOff, LogIn, ShieldAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LoginChallengeAnswer } from '../../../api/auth-api.ts';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { describedBy, Field } from '../../../ui/field.tsx';
import { useLogin } from '../api/use-login.ts';
import { LoginFailureBanner } from './login-failure-banner.tsx';

interface LoginValues {
  email: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// Deliberately loose: the server has the last word; this only catches typos like a missing '@'.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface LoginFormProps {
  /** Whether an identifier is the master one (hashed, so asynchronous). */
  isMaster: (identifier: string) => Promise<boolean>;
  onIdentifierChange: (identifier: string) => void;
  /** The answer of isMaster for the identifier typed so far. */
  master: boolean;
  onForgotPassword: () => void;
  onSignedIn: () => void;
  /** The password was right and a second factor is asked for. */
  onChallenge: (challenge: LoginChallengeAnswer, identifier: string) => void;
}

const inputClass = cn(
  'block h-11 w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-0',
);

export function LoginForm({
  isMaster,
  onIdentifierChange,
  master,
  onForgotPassword,
  onSignedIn,
  onChallenge,
}: LoginFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // Checked on submit; after a first submit, again on every change (so a fixed field loses its message).
  const [submitted, setSubmitted] = useState(false);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const check = (field: keyof LoginValues, value: string, masterIdentifier: boolean): string | undefined => {
    if (field === 'password') return value === '' ? MSG.loginPasswordRequired : undefined;
    const text = value.trim();
    if (text === '') return MSG.loginEmailRequired;
    if (!masterIdentifier && !EMAIL_PATTERN.test(text)) return MSG.loginEmailInvalid;
    return undefined;
  };

  const change = (field: keyof LoginValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'email') onIdentifierChange(value);
    else if (submitted) setErrors((current) => ({ ...current, password: check('password', value, false) }));
  };

  // The identifier's message follows both what is typed and whether it turned out to be the master one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: check only reads its arguments.
  useEffect(() => {
    if (submitted) setErrors((current) => ({ ...current, email: check('email', values.email, master) }));
  }, [submitted, values.email, master]);

  // The form turned into the other variant (master or admin): the last attempt's banner goes with it.
  // Only its message: an attempt in flight (submitted as the variant turned) goes on.
  const { dismissError } = login;
  const shownVariant = useRef(master);
  useEffect(() => {
    if (shownVariant.current !== master) dismissError();
    shownVariant.current = master;
  }, [master, dismissError]);

  // A refused sign-in: the password field takes the focus from the button pressed, so the keyboard
  // can try again at once (the banner is announced on its own).
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusIfLost(fields.password, Boolean(login.error), submitButton);

  // A new attempt starts clean: the last attempt's banner goes, even if this one stops at a field check.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.reset();
    const typed = values;
    const masterIdentifier = await isMaster(typed.email);
    const found: LoginErrors = {
      email: check('email', typed.email, masterIdentifier),
      password: check('password', typed.password, false),
    };
    setSubmitted(true);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      fields[firstInvalid].current?.focus();
      return;
    }
    const email = typed.email.trim();
    void login.submit({ email, password: typed.password }, onSignedIn, (challenge) =>
      onChallenge(challenge, email),
    );
  };

  const ring = master
    ? 'focus-visible:ring-red-500 border-slate-300'
    : 'focus-visible:ring-blue-500 border-slate-300';

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {login.error ? <LoginFailureBanner error={login.error} /> : null}

      <Field
        id="login-identifier"
        label={master ? 'Identificador' : 'Correo Electrónico'}
        error={errors.email}
      >
        <input
          id="login-identifier"
          type={master ? 'text' : 'email'}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={master ? 'Identificador maestro' : 'usuario@empresa.com'}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('login-identifier', errors.email)}
          className={cn(inputClass, ring, errors.email && 'border-red-400')}
          ref={fields.email}
          name="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
        />
      </Field>

      <Field id="login-password" label="Contraseña" error={errors.password}>
        <div className="relative">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('login-password', errors.password)}
            className={cn(inputClass, ring, 'pr-11', errors.password && 'border-red-400')}
            ref={fields.password}
            name="password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            aria-pressed={showPassword}
            className={cn(
              'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-700',
              focusRing,
            )}
          >
            {showPassword ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </Field>

      {master ? null : (
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onForgotPassword}
            className={cn(
              'rounded text-sm font-medium text-blue-700 hover:text-blue-800 hover:underline',
              focusRing,
            )}
          >
            ¿Olvidó su contraseña?
          </button>
        </div>
      )}

      <Button
        ref={submitButton}
        type="submit"
        size="lg"
        variant={master ? 'master' : 'primary'}
        className="w-full"
        loading={login.pending}
        icon={
          master ? (
            <ShieldAlert className="size-5" aria-hidden="true" />
          ) : (
            <LogIn className="size-5" aria-hidden="true" />
          )
        }
      >
        {master ? 'Acceso Maestro' : 'Iniciar Sesión'}
      </Button>
    </form>
  );
}
