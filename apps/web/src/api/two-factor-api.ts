// The signed-in person's second factor and the master's policy (server:
// apps/server/src/auth/two-factor*.routes.ts). The sign-in's second step is in auth-api.ts.
import type { TwoFactorSetupAnswer } from './auth-api.ts';
import { apiRequest } from './http-client.ts';

export interface TwoFactorStatusAnswer {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
}

export interface TwoFactorPolicyAnswer {
  admins_require_2fa: boolean;
  updated_at: string | null;
  updated_by: string | null;
  /** Admins without 2FA who have a session open now: requiring it signs them out. */
  admins_signed_in_without_2fa: number;
  /** PUT: admins without 2FA whose open sessions the change ended. */
  admins_signed_out?: number;
}

export const getTwoFactorStatus = () => apiRequest<TwoFactorStatusAnswer>('/auth/2fa');

export const startTwoFactorSetup = () =>
  apiRequest<TwoFactorSetupAnswer>('/auth/2fa/setup', { method: 'POST' });

/** A current code of the new secret and the person's current password (a session alone is not enough). */
export const enableTwoFactor = (body: { code: string; current_password: string }) =>
  apiRequest<{ recovery_codes: string[] }>('/auth/2fa/enable', { method: 'POST', body });

export const disableTwoFactor = (code: string) =>
  apiRequest<{ message: string }>('/auth/2fa/disable', { method: 'POST', body: { code } });

export const TWO_FACTOR_POLICY_PATH = '/master/two-factor/api/v1/policy';

export const getTwoFactorPolicy = () => apiRequest<TwoFactorPolicyAnswer>(TWO_FACTOR_POLICY_PATH);

export const setTwoFactorPolicy = (required: boolean) =>
  apiRequest<TwoFactorPolicyAnswer>(TWO_FACTOR_POLICY_PATH, {
    method: 'PUT',
    body: { admins_require_2fa: required },
  });
