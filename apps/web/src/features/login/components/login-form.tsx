import { MSG } from '@portal/contract/messages';
import { Eye, EyeOff, LogIn, ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { describeLoginError, useLogin } from '../api/use-login.ts';

interface LoginValues {
  email: string;
  password: string;
}

// Deliberately loose: the server has the last word; this only catches typos like a missing '@'.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface LoginFormProps {
  isMaster: (identifier: string) => boolean;
  onIdentifierChange: (identifier: string) => void;
  master: boolean;
  onForgotPassword: () => void;
  onSignedIn: () => void;
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
}: LoginFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const validateAndSend = handleSubmit((values) => {
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: onSignedIn },
    );
  });
  // A new attempt starts clean: the last attempt's banner goes, even if this one stops at a field check.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    loginMutation.reset();
    return validateAndSend(event);
  };

  const failure = loginMutation.error ? describeLoginError(loginMutation.error) : null;
  const ring = master
    ? 'focus-visible:ring-red-500 border-slate-300'
    : 'focus-visible:ring-blue-500 border-slate-300';

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {failure ? (
        <Banner tone={failure.kind === 'connection' ? 'error' : 'warning'}>{failure.message}</Banner>
      ) : null}

      <div className="space-y-1.5">
        <label htmlFor="login-identifier" className="block text-sm font-medium text-slate-700">
          {master ? 'Identificador' : 'Correo Electrónico'}
        </label>
        <input
          id="login-identifier"
          type={master ? 'text' : 'email'}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={master ? 'Identificador maestro' : 'usuario@empresa.com'}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-identifier-error' : undefined}
          className={cn(inputClass, ring, errors.email && 'border-red-400')}
          {...register('email', {
            validate: (value) => {
              const text = value.trim();
              if (text === '') return MSG.loginEmailRequired;
              if (!isMaster(text) && !EMAIL_PATTERN.test(text)) return MSG.loginEmailInvalid;
              return true;
            },
            onChange: (event) => onIdentifierChange(event.target.value),
          })}
        />
        {errors.email ? (
          <p id="login-identifier-error" className="text-sm text-red-600">
            {errors.email.message}
          </p>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
          Contraseña
        </label>
        <div className="relative">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder="••••••••"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            className={cn(inputClass, ring, 'pr-11', errors.password && 'border-red-400')}
            {...register('password', {
              validate: (value) => (value === '' ? MSG.loginPasswordRequired : true),
            })}
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
        {errors.password ? (
          <p id="login-password-error" className="text-sm text-red-600">
            {errors.password.message}
          </p>
        ) : null}
      </div>

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
        type="submit"
        size="lg"
        variant={master ? 'master' : 'primary'}
        className="w-full"
        loading={loginMutation.isPending}
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
