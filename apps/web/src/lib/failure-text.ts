// What a person reads when an action of the portal fails (DESIGN §9: it says why, in Spanish), worded
// the same in every modal and form. The server's refusal comes in its own words (Spanish through
// message-translator.ts, with a support code for a 5xx); without an answer, the texts of NetworkError
// and RequestTimeoutError (api-error.ts), which the lists show too; a write that got no answer in time
// may or may not have been applied, so the person is told what to check before repeating it.
import { ApiError, NetworkError, RequestTimeoutError } from '../api/api-error.ts';
import { displayMessage } from './message-translator.ts';

const NO_ANSWER = 'El servidor no respondió a tiempo: no se pudo confirmar';

/** A write without an answer in time: what may have happened, and how to check it. */
export const UNCONFIRMED = {
  change: `${NO_ANSWER} si se guardó el cambio. Recargue la página para ver los datos actuales antes de volver a intentarlo.`,
  deletion: `${NO_ANSWER} si se eliminó el negocio. Recargue la página para ver si todavía existe antes de volver a intentarlo.`,
  restore: `${NO_ANSWER} si se restauró el negocio. Revise la Papelera antes de volver a intentarlo.`,
  codeSent: `${NO_ANSWER} si se envió el código. Si no llega al nuevo email, vuelva a intentarlo.`,
} as const;

export type UnconfirmedWrite = keyof typeof UNCONFIRMED;

/**
 * A proxy in front of the server answered 502 or 504 (the server never does): the request may have
 * reached the server, so a write may or may not have been applied.
 */
const answeredByGateway = (error: unknown) =>
  error instanceof ApiError && (error.status === 502 || error.status === 504);

/** The call got no answer in time: a write may or may not have been applied. */
export const noAnswerInTime = (error: unknown): error is RequestTimeoutError =>
  error instanceof RequestTimeoutError;

/**
 * The text of a failed call. `fallback`: the screen's own words (SPEC §8) for a failure with nothing
 * to say. `write`: the call changes something, and which, for the text of a timeout.
 */
export function failureText(error: unknown, fallback: string, write?: UnconfirmedWrite): string {
  if (write && answeredByGateway(error)) return UNCONFIRMED[write];
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  if (noAnswerInTime(error) && write) return UNCONFIRMED[write];
  if (error instanceof NetworkError) return error.message;
  return displayMessage(fallback);
}
