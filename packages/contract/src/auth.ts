// Sign-in and session calls (SPEC §7 "Authentication", DESIGN §4), shared by server and portal.
import { z } from 'zod';
import type { AdminStatus, LoginType } from './enums.ts';
import { MSG } from './messages.ts';

export const AUTH_MSG = {
  loggedIn: 'Inicio de sesión exitoso',
  loggedOut: 'Sesión cerrada exitosamente',
  refreshed: 'Sesión renovada',
  /** Per-IP limit: too many failed sign-ins from one address. */
  ipLocked:
    'Demasiados intentos fallidos desde esta dirección. Por favor espere 15 minutos e intente nuevamente.',
  /** Per-identifier ceiling (all addresses): a short, growing wait, never a long lock. */
  identifierSlowed:
    'Demasiados intentos fallidos para esta cuenta. Por favor espere un momento e intente nuevamente.',
} as const;

// Kept in the zod-free enums.ts so that the login page can use it without zod.
export { ACCOUNT_STATUS_ES } from './enums.ts';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** `email` is an admin's email or the master identifier, so only presence is checked here. */
export const LoginBody = z.object({
  email: required(MSG.loginEmailRequired).max(255, MSG.invalidRequestData),
  password: z.string({ error: MSG.loginPasswordRequired }).min(1, MSG.loginPasswordRequired).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LogoutBody = z
  .object({
    admin_id: z.union([z.number(), z.string()]).nullish(),
    session_id: z.string().nullish(),
  })
  .nullish();

export interface SessionResponse {
  success: true;
  jwt: string;
  admin_id: number | null;
  session_id: string;
  /** Seconds since the epoch (SPEC §3). */
  expires_at: number;
  login_type: LoginType;
  ip_address: string;
}

export interface LoginResponse extends SessionResponse {
  message: string;
  /** Master sessions only: send it back as `X-Master-Key` (DESIGN §3). */
  master_key?: string;
  /** Present (true) while the admin's password is one the master set: change it first. */
  must_change_password?: true;
  /** Admin sessions: the admin's name, for the portal's header (beyond SPEC). */
  admin_name?: string;
}

/** 403 body for an admin who is not active. */
export interface LoginRefusedResponse {
  success: false;
  error: string;
  message: string;
  /** Spanish status word: pendiente, inactiva, suspendida. */
  status?: string;
  access_status?: Exclude<AdminStatus, 'active'>;
}

export interface AuthOptionsResponse {
  success: true;
  master_identifier_sha256: string;
}
