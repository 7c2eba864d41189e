// What the 'Actualizar Email' modal reads in a refusal beyond SPEC §8's message: the tries a code has
// left (401) and how long until another code may be sent (429).
import { ApiError } from '../../../api/api-error.ts';

const numberIn = (error: unknown, status: number, field: string): number | null => {
  if (!(error instanceof ApiError) || error.status !== status) return null;
  const value = (error.body as Record<string, unknown> | null)?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** A refused code: the tries it has left (0: expired, used up or replaced), or null for another failure. */
export const triesLeftOf = (error: unknown) => numberIn(error, 401, 'tries_left');

/** A code asked for again too soon: seconds until another may be sent, or null for another failure. */
export const resendWaitOf = (error: unknown) => {
  const seconds = numberIn(error, 429, 'retry_after_seconds');
  return seconds !== null && seconds > 0 ? Math.ceil(seconds) : null;
};

/** A 409 at step 1: the address is already a business's email (the server checks it case-insensitively). */
export const emailTakenAt = (error: unknown) => error instanceof ApiError && error.status === 409;

export const EMAIL_TAKEN = 'Ese email ya lo usa otro negocio del directorio. Escriba otro email.';
export const SAME_EMAIL = 'Ese ya es el email actual del negocio. Escriba el nuevo email.';

export const CODE_SPENT =
  'Este código ya no sirve: venció o se agotaron sus intentos. Pida un código nuevo con «Reenviar código».';

export const CODE_ALREADY_SENT =
  'Ya se envió un código a este email hace poco. Ingréselo aquí; cuando termine la cuenta atrás podrá pedir otro.';

/** A code the server refused but that may still be tried: said plainly, not as an access refusal. */
export const WRONG_CODE = 'El código no es correcto.';

/** The wrong-code text with the tries left ('Le quedan 2 intentos.'). */
export const triesLeftText = (left: number) =>
  `Le ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`;
