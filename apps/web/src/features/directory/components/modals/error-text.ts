import { ApiError } from '../../../../api/api-error.ts';

/** The server's message (SPEC §8), or the modal's own fallback when there was no answer to read. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return fallback;
}
