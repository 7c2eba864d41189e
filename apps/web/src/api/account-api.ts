// The signed-in person's own account (server: apps/server/src/auth/account.routes.ts).
import type { ChangePasswordAnswer, RecoveryCodesAnswer } from '@portal/contract/account';
import { apiRequest } from './http-client.ts';

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiRequest<ChangePasswordAnswer>('/auth/password', { method: 'POST', body });

/** New recovery codes after a current code of the app, or the password. */
export const regenerateRecoveryCodes = (proof: { code: string } | { password: string }) =>
  apiRequest<RecoveryCodesAnswer>('/auth/2fa/recovery-codes', { method: 'POST', body: proof });
