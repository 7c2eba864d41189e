// The signed-in staff member's own account (beyond SPEC):
//   POST /auth/password {current_password, new_password}   change my password; my other sessions end
//   POST /auth/2fa/recovery-codes {code} | {password}      new recovery codes, the old ones void
// Loaded by the server and the 'Seguridad' screen only (not the login page).
import { z } from 'zod';
import { strongPassword } from './admin-registration.ts';
import { MSG } from './messages.ts';
import { ok } from './responses.ts';

export const ACCOUNT_MSG = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current one',
  passwordChanged: 'Password changed; your other sessions were ended',
  codeOrPasswordRequired: 'Enter a current two-factor code or your password',
  recoveryCodesReplaced: 'New recovery codes generated; the previous ones no longer work',
} as const;

export const ChangePasswordBody = z.object({
  current_password: z
    .string({ error: ACCOUNT_MSG.currentPasswordRequired })
    .min(1, ACCOUNT_MSG.currentPasswordRequired)
    .max(1024, ACCOUNT_MSG.currentPasswordIncorrect),
  new_password: strongPassword(MSG.passwordMinLong),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Exactly one proof: a current 6-digit code (not a recovery code) or the account's password. */
export const RegenerateRecoveryCodesBody = z
  .object({
    code: z.string().trim().max(32).optional(),
    password: z.string().max(1024).optional(),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.password), {
    error: ACCOUNT_MSG.codeOrPasswordRequired,
    path: ['code'],
  });
export type RegenerateRecoveryCodesBody = z.infer<typeof RegenerateRecoveryCodesBody>;

export const ChangePasswordResponse = ok({
  message: z.string(),
  ended_sessions: z.number().describe('how many of my other sessions ended'),
});
export const RecoveryCodesResponse = ok({
  message: z.string(),
  recovery_codes: z.array(z.string()).describe('shown once; stored hashed; the previous ones are void'),
});
export type ChangePasswordAnswer = z.infer<typeof ChangePasswordResponse>;
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesResponse>;

/** The 'Cambiar contraseña' form's own Spanish texts (never sent by the server). */
export const PASSWORD_FORM_MESSAGES = {
  currentRequired: 'La contraseña actual es requerida',
  newRequired: 'La nueva contraseña es requerida',
  confirmRequired: 'Debe confirmar la nueva contraseña',
  passwordsDiffer: 'Las contraseñas no coinciden',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
} as const;

/** The form: the body plus the confirmation, checked in the browser before anything is sent. */
export const ChangePasswordForm = z
  .object({
    current_password: z.string().min(1, PASSWORD_FORM_MESSAGES.currentRequired),
    new_password: z
      .string()
      .min(1, PASSWORD_FORM_MESSAGES.newRequired)
      .pipe(ChangePasswordBody.shape.new_password),
    confirm_password: z.string().min(1, PASSWORD_FORM_MESSAGES.confirmRequired),
  })
  .superRefine((values, ctx) => {
    if (values.confirm_password !== '' && values.confirm_password !== values.new_password)
      ctx.addIssue({
        code: 'custom',
        path: ['confirm_password'],
        message: PASSWORD_FORM_MESSAGES.passwordsDiffer,
      });
    if (values.new_password !== '' && values.new_password === values.current_password)
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: PASSWORD_FORM_MESSAGES.samePassword });
  });
export type ChangePasswordFormValues = z.input<typeof ChangePasswordForm>;
