// One shape for every failure (DESIGN §3): { success: false, error, message, details? }.
// Client errors carry a SPEC §8 message; anything unexpected is logged and answered as 500.
import { MSG } from '@portal/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply.status(statusCode).send({ success: false, error: message, message, ...extra });
}

// PostgreSQL error codes that are the client's fault, not ours.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, MSG.dataAlreadyExists], // unique_violation
  '23514': [400, MSG.invalidRequestData], // check_violation
  '23502': [400, MSG.invalidRequestData], // not_null_violation
  '22001': [400, MSG.invalidRequestData], // string_data_right_truncation
  '22P02': [400, MSG.invalidRequestData], // invalid_text_representation
  '22007': [400, MSG.invalidRequestData], // invalid_datetime_format
  '22008': [400, MSG.invalidRequestData], // datetime_field_overflow
  '22003': [400, MSG.invalidRequestData], // numeric_value_out_of_range
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.extra);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? MSG.invalidRequestData,
      }));
      return sendError(reply, 400, details[0]?.message ?? MSG.invalidRequestData, { details });
    }

    const pgError = error.code ? PG_CLIENT_ERRORS[error.code] : undefined;
    if (pgError) return sendError(reply, pgError[0], pgError[1]);

    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 429, MSG.tooManyRequests);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large, ...: never echo internals.
      return sendError(reply, status === 415 || status === 413 ? status : 400, MSG.invalidRequestData);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, MSG.internalServerError);
  });
}
