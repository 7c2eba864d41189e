// The calls of SPEC §7 "Authentication", plus /auth/options (DESIGN §4).
import { apiRequest } from './http-client.ts';

export interface AuthOptions {
  master_identifier_sha256: string;
}

export interface LoginAnswer {
  success: boolean;
  message?: string;
  jwt: string;
  admin_id: number | null;
  session_id: string;
  expires_at: number;
  login_type: 'admin' | 'master';
  ip_address?: string | null;
  status?: string;
  master_key?: string;
  /** Someone else set this password: change it before anything else. */
  must_change_password?: boolean;
  /** Admin sign-ins: the admin's name, for the header. */
  admin_name?: string;
}

export function getAuthOptions(): Promise<AuthOptions> {
  return apiRequest<AuthOptions>('/auth/options', { auth: false });
}

export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: { email, password }, auth: false });
}

/** What /auth/login answers instead of a session when a second step is needed. */
export interface LoginChallengeAnswer {
  requires_2fa?: boolean;
  requires_2fa_setup?: boolean;
  challenge_token: string;
  challenge_expires_at: number;
}

export interface TwoFactorSetupAnswer {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

export async function validateSession(): Promise<boolean> {
  const answer = await apiRequest<{ valid?: boolean }>('/auth/validate', {
    method: 'POST',
    refreshOn401: false,
  });
  return answer?.valid === true;
}

export function logout(adminId: number | null, sessionId: string): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    body: { admin_id: adminId, session_id: sessionId },
    refreshOn401: false,
  });
}
