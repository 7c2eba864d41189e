// Conditional writes (RFC 9110 §13.1.1): If-Match on the request, ETag on a
// GET of one record, 412 when the record moved on. The check runs inside the write's transaction,
// after the row is locked (SELECT … FOR UPDATE), so the comparison and the write are one step:
// of 40 writes naming the same version exactly one is applied.
import { CONFLICT_MSG, etagOf, parseIfMatch, type RecordChange } from '@portal/contract/edit-conflicts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error.ts';

/** What the client's If-Match asks for: nothing (no header), any existing record, or versions. */
export type Precondition = null | '*' | string[];

/** The request's If-Match; a malformed one is a 400 (nothing is guessed, nothing written). */
export function preconditionOf(request: FastifyRequest): Precondition {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  const parsed = parseIfMatch(Array.isArray(header) ? header.join(', ') : header);
  if (parsed === null) throw badRequest(CONFLICT_MSG.invalidIfMatch);
  return parsed;
}

/** True when the record at `version` may be written (weak tags never match: strong comparison). */
export const preconditionHolds = (precondition: Precondition, version: string) =>
  precondition === null || precondition === '*' || precondition.includes(version);

export interface Versioned {
  version: string;
  version_changed_by: string | null;
  version_changed_at: Date | string | null;
}

export const changeOf = (row: Versioned): RecordChange => ({
  changed_by: row.version_changed_by,
  changed_at: row.version_changed_at ? new Date(row.version_changed_at).toISOString() : null,
});

/** 412: the SPEC §8 error shape, the record as it is now, and who changed it and when. */
export const preconditionFailed = (row: Versioned, current: unknown) =>
  new HttpError(412, CONFLICT_MSG.preconditionFailed, {
    current_version: row.version,
    current,
    ...changeOf(row),
  });

/** Throws the 412 when the locked row is no longer at the version the client named. */
export function checkPrecondition<Row extends Versioned>(
  precondition: Precondition,
  row: Row,
  current: (row: Row) => unknown,
): void {
  if (!preconditionHolds(precondition, row.version)) throw preconditionFailed(row, current(row));
}

/** `ETag: "<version>"` on the answer of a GET of one record. */
export function sendEtag(reply: FastifyReply, version: string): void {
  reply.header('etag', etagOf(version));
}
