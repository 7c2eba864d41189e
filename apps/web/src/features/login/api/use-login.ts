import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { type LoginAnswer, type LoginChallengeAnswer, login } from '../../../api/auth-api.ts';
import { MASTER_USER_LABEL } from '../../../session/session-storage.ts';
import { sessionStore } from '../../../session/session-store.ts';

/** Signs the portal in with a /auth/login answer (also the end of the 2FA step). */
export function storeSession(answer: LoginAnswer, email: string) {
  const master = answer.login_type === 'master';
  sessionStore.signIn({
    jwt: answer.jwt,
    loginType: answer.login_type,
    adminId: master ? null : answer.admin_id,
    masterKey: master ? (answer.master_key ?? null) : null,
    user: {
      adminId: master ? null : answer.admin_id,
      email: master ? MASTER_USER_LABEL : email,
      ...(!master && answer.admin_name && { name: answer.admin_name }),
      sessionId: answer.session_id,
      expiresAt: answer.expires_at,
      loginType: answer.login_type,
      ipAddress: answer.ip_address ?? null,
      ...(answer.must_change_password === true ? { mustChangePassword: true } : {}),
    },
  });
}

interface LoginState {
  pending: boolean;
  error: unknown;
}

/** Sends the sign-in; only the latest attempt may change what the form shows. */
export function useLogin() {
  const [state, setState] = useState<LoginState>({ pending: false, error: null });
  const attempt = useRef(0);

  const reset = useCallback(() => {
    attempt.current += 1;
    setState({ pending: false, error: null });
  }, []);

  /** Drops the last attempt's message; an attempt in flight goes on. */
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  const submit = useCallback(
    async (
      input: { email: string; password: string },
      onSignedIn: () => void,
      onChallenge?: (challenge: LoginChallengeAnswer) => void,
    ) => {
      const id = ++attempt.current;
      setState({ pending: true, error: null });
      try {
        const answer: LoginAnswer & Partial<LoginChallengeAnswer> = await login(input.email, input.password);
        // A second factor is asked for: no session yet, the code step takes over.
        if (answer?.challenge_token && onChallenge) {
          if (id !== attempt.current) return;
          setState({ pending: false, error: null });
          onChallenge(answer as LoginChallengeAnswer);
          return;
        }
        if (!answer?.jwt) throw new ApiError(MSG.loginError, 200, answer);
        storeSession(answer, input.email);
        if (id !== attempt.current) return;
        setState({ pending: false, error: null });
        onSignedIn();
      } catch (error) {
        if (id === attempt.current) setState({ pending: false, error });
      }
    },
    [],
  );

  return { ...state, submit, reset, dismissError };
}
