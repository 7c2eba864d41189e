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
}

export function getAuthOptions(): Promise<AuthOptions> {
  return apiRequest<AuthOptions>('/auth/options', { auth: false });
}

export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: { email, password }, auth: false });
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
